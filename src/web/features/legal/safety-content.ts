import { MINIMUM_AGE } from '../../../shared/brand';
import type { CrisisResource } from '../../../shared/safety/rules';
import { AI_NOTICE_MAX_MINUTES } from '../../../shared/safety/rules';
import type { LegalDocument } from './legal-types';

/**
 * The /safety page's words: the crisis protocol California SB 243 asks us to publish. It must say
 * what the app does, as built (decision 0042): change it with the protocol, never ahead of it.
 */

/** The box at the top of the page: the services first, for someone who needs them now. */
export const CRISIS_PANEL = {
  heading: 'Need to talk to someone now?',
  text:
    'You don’t have to go through this alone. These services are free and confidential, and ' +
    'a real person is there to listen.',
  emergency: 'If you are in immediate danger, call your local emergency number (911 in the US).',
  /** Where a service without a country helps. */
  anywhereElse: 'Anywhere else',
};

/** A country code as its English name ('US' → 'United States'), or the code as given. */
export function regionName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A web address without its scheme and trailing slash, as people read it out. */
export function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** What a service's web button says: a chat is a chat, anything else names the site. */
export function linkLabel(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return /chat/i.test(pathname) ? 'Chat online' : `Visit ${host}`;
  } catch {
    return `Visit ${shortUrl(url)}`;
  }
}

/** 45 → '45 minutes', 60 → 'hour', 120 → '2 hours' (read after 'every'). */
export function everyInterval(minutes: number): string {
  const whole = Math.max(1, Math.round(minutes));
  if (whole % 60 === 0) return whole === 60 ? 'hour' : `${whole / 60} hours`;
  return whole === 1 ? 'minute' : `${whole} minutes`;
}

/** One service in words, for the protocol's own list (and anyone reading without the buttons). */
function describe(resource: CrisisResource): string {
  const where = resource.country ? ` (${regionName(resource.country)})` : '';
  const ways = [
    resource.phone && `call ${resource.phone}`,
    resource.text && `text ${resource.text}`,
    `go to ${shortUrl(resource.url)}`,
  ].filter(Boolean);
  const spoken = ways.length > 1 ? `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}` : ways[0];
  return `${resource.name}${where}: ${spoken}.`;
}

export function safetyDocument({
  resources,
  aiNoticeEveryMinutes,
}: {
  resources: readonly CrisisResource[];
  aiNoticeEveryMinutes: number;
}): LegalDocument {
  const shorter =
    aiNoticeEveryMinutes < AI_NOTICE_MAX_MINUTES
      ? ` (on this server, every ${everyInterval(aiNoticeEveryMinutes)})`
      : '';
  return {
    title: 'Safety & Crisis Protocol',
    lastUpdated: 'November 28, 2026',
    intro: [
      `Every character on Reverie is an AI. This page explains, in plain words, how we remind ` +
        'you of that, and what happens when something you write suggests that you may be ' +
        'thinking about suicide or hurting yourself. It is the crisis protocol that California ' +
        'law (SB 243) asks companion apps to publish, and it describes what the app does today.',
    ],
    sections: [
      {
        id: 'ai-notice',
        heading: '1. You are talking with an AI',
        paragraphs: [
          `Every character on Reverie is an AI — a computer program, not a person. No human ` +
            'writes its replies.',
          'Each conversation shows a notice saying so before the character’s first reply, and ' +
            `again at least every three hours while you keep chatting${shorter}. Characters ` +
            'also carry an “AI” badge.',
        ],
      },
      {
        id: 'what-we-look-for',
        heading: '2. What we look for',
        paragraphs: [
          'Every message you send to a character — in Chat Mode (Texting or Assistant) and in ' +
            'Story Mode — is checked automatically on our servers before the character replies. ' +
            'No person reads your messages for this.',
          'Messages that are unclear get a second automatic opinion from the AI language model. ' +
            'Figures of speech, like “this exam is killing me”, and stories in which a character ' +
            'gets hurt are not meant to set it off.',
          'The check looks for signs that you may be thinking about suicide or about hurting ' +
            'yourself, such as:',
        ],
        bullets: [
          'saying that you want to die or to end your life;',
          'saying that you are hurting yourself, or that you plan to;',
          'saying that others would be better off without you;',
          'mentioning a plan, or a means of harming yourself.',
        ],
      },
      {
        id: 'what-you-see',
        heading: '3. What you see',
        paragraphs: [
          'A notice appears in the conversation with crisis services you can reach right now, ' +
            'the ones listed at the top of this page, and a link to this page.',
          'The character keeps talking with you, but it is instructed to respond with care: it ' +
            'does not encourage self-harm, it never describes methods, and it gently points you ' +
            'to the services.',
          'We also check every reply a character writes. A reply that gives self-harm methods or ' +
            'encouragement is withheld and replaced before you see it and before it is stored.',
        ],
      },
      {
        id: 'crisis-services',
        heading: '4. Which services we point you to',
        paragraphs: [
          'The services at the top of this page, which are the ones the notice lists. The ' +
            'operator of this service chooses them. By default they are the 988 Suicide & Crisis ' +
            'Lifeline for the United States (call or text 988, or chat at 988lifeline.org) and ' +
            'findahelpline.com, which lists free helplines in other countries.',
          'Right now the list is:',
        ],
        bullets: resources.map(describe),
      },
      {
        id: 'what-we-keep',
        heading: '5. What we keep',
        paragraphs: [
          'When a notice is shown, we keep a record that it was shown in your conversation, and ' +
            'when. We do not keep the words of your message for this.',
          'For the yearly report that the law requires, we count, per month, how many crisis ' +
            'notices and “not a human” notices were shown and how many accounts were paused. ' +
            'These counts contain no names, no ids and no text.',
        ],
        links: [{ href: '/privacy-policy', label: 'Read our Privacy Policy' }],
      },
      {
        id: 'adults-only',
        heading: '6. Adults only',
        paragraphs: [
          `Reverie is for adults aged ${MINIMUM_AGE} and over.`,
          `If you tell a character that you are under ${MINIMUM_AGE}, chatting on your account is ` +
            'paused until our team reviews it. You can still download or delete your data from ' +
            'Account, and if you are an adult, you can contact us to have the pause reviewed.',
        ],
      },
      {
        id: 'limits',
        heading: '7. What this cannot do',
        paragraphs: [
          'Automated checks can miss things, and they can misread them. If you are struggling, ' +
            'please don’t wait for a notice: reach out to one of the services at the top of this ' +
            'page.',
          `A character is not a therapist, and Reverie is not an emergency service. If you ` +
            'or someone else is in immediate danger, call your local emergency number.',
        ],
      },
      {
        id: 'contact',
        heading: '8. How to reach us',
        paragraphs: [
          'Questions about this protocol, a notice you think was a mistake, or a paused account: ' +
            'write to us through the Contact page.',
        ],
        links: [{ href: '/contact', label: 'Contact us' }],
      },
    ],
  };
}
