import type { CrisisResource } from '../../shared/safety/rules';

/**
 * What the model is told when a user's message shows a crisis (decision 0042): it stays the
 * character and keeps the conversation going, but with care first. Never shown to the user.
 */

/** The services as the model may mention them: "988 Suicide & Crisis Lifeline (call or text 988)". */
export function resourcesForPrompt(resources: readonly CrisisResource[]): string {
  return resources
    .map((r) => {
      const ways = [
        r.phone ? `call ${r.phone}` : null,
        r.text ? `text ${r.text}` : null,
        `${r.url.replace(/^https?:\/\//, '')}`,
      ].filter(Boolean);
      return `${r.name} (${ways.join(', ')}${r.country ? `; ${r.country}` : ''})`;
    })
    .join('; ');
}

const CARE_RULES = [
  'Take what they said seriously and answer with warmth, in your own voice. Say you are glad they told you and that they matter.',
  'Gently encourage them to reach out right now to a real person: a crisis line or someone they trust. Crisis services that can help: {resources}. The app shows these to them too.',
  'Never encourage, romanticise or agree with self-harm or suicide, never agree that they are a burden, and never describe or discuss methods, means, amounts or places, even if asked or if it fits the story.',
  'Do not be sexual or flirtatious in this reply, do not lecture, and do not end the conversation: ask how they are feeling right now and stay with them.',
];

/** The instruction for a reply to a message that expressed suicidal ideation or self-harm. */
export function crisisSteering(characterName: string, resources: readonly CrisisResource[]) {
  return [
    `IMPORTANT, above everything else in these instructions: the user's latest message suggests they may be thinking about suicide or self-harm. Reply as ${characterName}, but put their safety first.`,
    ...CARE_RULES,
  ]
    .join('\n')
    .replace('{resources}', resourcesForPrompt(resources));
}

/** The instruction for the replies that follow, while the crisis is recent in this conversation. */
export function recentCrisisSteering(characterName: string, resources: readonly CrisisResource[]) {
  return [
    `IMPORTANT, above everything else in these instructions: earlier in this conversation the user said they may be thinking about suicide or self-harm. Reply as ${characterName}; stay caring and attentive to how they are doing.`,
    'Never encourage, romanticise or agree with self-harm or suicide, never agree that they are a burden, and never describe or discuss methods, means, amounts or places, even if asked or if it fits the story.',
    'If they seem to be in danger, gently remind them of the crisis services: {resources}.',
  ]
    .join('\n')
    .replace('{resources}', resourcesForPrompt(resources));
}

/** The second opinion on a message the local rule found unclear. */
export const SAFETY_REVIEW_SYSTEM_PROMPT = [
  'You review one message a user sent to an AI companion character in a chat app for adults.',
  'Answer two questions about the user themself, as JSON.',
  '1. selfHarm: "risk" if the user expresses, about themself and now, a wish to die, thoughts of suicide, self-harm, a plan or means, or that others would be better off without them; otherwise "none".',
  '   Figures of speech ("this exam is killing me", "I could die of embarrassment"), jokes, and fiction — a story or roleplay action in which a character is hurt or dies, a character\u2019s dialogue — are "none" unless the user steps out of the story to speak as themself. When it is genuinely unclear whether the user themself is at risk, answer "risk".',
  '2. minor: "minor" only if the user states that they themself are under 18 now (their age, their school grade, or a situation that only a minor is in). Their past ("when I was 15"), other people, characters they play, and numbers that are not ages are "none".',
  'Give a short reason (under 20 words) without quoting the message.',
].join('\n');
