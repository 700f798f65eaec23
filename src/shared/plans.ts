/** Plans and their monthly reply allowances (spec section 9). Prices in US dollars per month. */
export const PLANS = {
  free: { id: 'free', name: 'Free', priceUsd: 0, monthlyMessages: 20 },
  basic: { id: 'basic', name: 'Basic', priceUsd: 4, monthlyMessages: 1000 },
  pro: { id: 'pro', name: 'Pro', priceUsd: 20, monthlyMessages: 10000 },
} as const;
export type PlanId = keyof typeof PLANS;
