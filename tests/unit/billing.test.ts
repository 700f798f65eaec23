import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  planName,
  statusLabel,
  statusTone,
} from '../../src/shared/billing/contract';
import { planForPrice } from '../../src/server/modules/billing/billing.service';
import { addMonth, parseStripeForm } from '../doubles/stripe-server';

describe('subscription status badge (spec section 4)', () => {
  it('is green for active, amber for past_due and trialing, red for anything else', () => {
    expect(statusTone('active')).toBe('success');
    expect(statusTone('past_due')).toBe('warning');
    expect(statusTone('trialing')).toBe('warning');
    for (const status of ['canceled', 'unpaid', 'incomplete', 'paused', '', null, undefined]) {
      expect(statusTone(status)).toBe('error');
    }
  });

  it('reads uppercase with underscores as spaces, or "unknown" when absent', () => {
    expect(statusLabel('past_due')).toBe('PAST DUE');
    expect(statusLabel('incomplete_expired')).toBe('INCOMPLETE EXPIRED');
    expect(statusLabel('active')).toBe('ACTIVE');
    expect(statusLabel(null)).toBe('unknown');
    expect(statusLabel('')).toBe('unknown');
  });
});

describe('plans from prices (spec section 9)', () => {
  const prices = { basic: 'price_b', pro: 'price_p' };
  it('maps each configured price to its plan and anything else to "unknown"', () => {
    expect(planForPrice(prices, 'price_b')).toBe('basic');
    expect(planForPrice(prices, 'price_p')).toBe('pro');
    expect(planForPrice(prices, 'price_legacy')).toBe('unknown');
    expect(planForPrice(undefined, 'price_b')).toBe('unknown');
  });

  it('names plans for the membership page, "Unknown Plan" when none matches', () => {
    expect(planName('basic')).toBe('Basic');
    expect(planName('pro')).toBe('Pro');
    expect(planName('unknown')).toBe('Unknown Plan');
  });

  it('accepts any price text in the checkout body (the server checks it), up to 200 characters', () => {
    expect(checkoutRequest.parse({ priceId: ' price_b ' })).toEqual({ priceId: 'price_b' });
    expect(checkoutRequest.safeParse({ priceId: 'x'.repeat(201) }).success).toBe(false);
    expect(checkoutRequest.safeParse({}).success).toBe(false);
  });
});

describe('the Stripe stand-in', () => {
  it('decodes the SDK’s form encoding into objects and arrays', () => {
    expect(
      parseStripeForm(
        'mode=subscription&line_items[0][price]=price_b&line_items[0][quantity]=1&metadata[userId]=u1',
      ),
    ).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_b', quantity: '1' }],
      metadata: { userId: 'u1' },
    });
  });

  it('bills monthly from the same day, clamped to short months', () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(addMonth(at('2025-01-15T10:00:00Z'))).toBe(at('2025-02-15T10:00:00Z'));
    expect(addMonth(at('2025-01-31T10:00:00Z'))).toBe(at('2025-02-28T10:00:00Z'));
    expect(addMonth(at('2025-12-31T00:00:00Z'))).toBe(at('2026-01-31T00:00:00Z'));
  });
});
