import type { RateRule } from './plugins/rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Every rate limit in one place, so they are easy to review and tune. */
export const RATE_RULES = {
  /**
   * Failed sign-ins for one e-mail address from browsers that have not signed in to it before
   * (no device cookie, see known-devices.ts): a few tries, then wait for the window to end.
   */
  signInFailuresPerEmail: {
    name: 'signin-fail-email',
    limit: 5,
    windowMs: 15 * MINUTE,
    message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  },
  /**
   * Failed sign-ins from one browser that has signed in to the account before (its device
   * cookie): counted apart, so strangers cannot lock the owner out.
   */
  signInFailuresPerDevice: {
    name: 'signin-fail-device',
    limit: 5,
    windowMs: 15 * MINUTE,
    message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  },
  /** Failed sign-ins from one client address, across e-mail addresses (credential stuffing). */
  signInFailuresPerClient: {
    name: 'signin-fail-ip',
    limit: 20,
    windowMs: 15 * MINUTE,
    message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  },
  /** Any POST to the auth endpoints from one client (defence in depth for every auth action). */
  authRequestsPerClient: {
    name: 'auth-ip',
    limit: 120,
    windowMs: MINUTE,
    message: 'Too many requests. Please wait a minute and try again.',
  },
  signUpsPerClient: {
    name: 'signup-ip',
    limit: 10,
    windowMs: HOUR,
    message: 'Too many accounts created from this network. Please try again later.',
  },
  /** Verification mails for one address (sign-up, resend, sign-in before verification). */
  mailsPerAddress: {
    name: 'mail-address',
    limit: 3,
    windowMs: 15 * MINUTE,
    message: 'We have just sent you an email. Please wait a few minutes before asking again.',
  },
  mailsPerClient: {
    name: 'mail-ip',
    limit: 20,
    windowMs: HOUR,
    message: 'Too many emails requested. Please try again later.',
  },
  contactPerClient: {
    name: 'contact-ip',
    limit: 5,
    windowMs: HOUR,
    message: 'You have sent several messages already. Please try again later.',
  },
  avatarUploadsPerUser: {
    name: 'avatar-upload',
    limit: 60,
    windowMs: HOUR,
    message: 'You have uploaded many images in a short time. Please try again later.',
  },
  /** Character cards read (issue 47): each may store its image as an avatar, so like uploads. */
  characterCardReadsPerUser: {
    name: 'character-card-read',
    limit: 60,
    windowMs: HOUR,
    message: 'You have read many character cards in a short time. Please try again later.',
  },
  /** Lorebook files imported (issue 47): each parses up to 5 MB of JSON. */
  lorebookImportsPerUser: {
    name: 'lorebook-import',
    limit: 60,
    windowMs: HOUR,
    message: 'You have imported many lorebooks in a short time. Please try again later.',
  },
  /** Calls that cost the operator money at the model provider. */
  imageGenerationsPerUser: {
    name: 'avatar-generate',
    limit: 20,
    windowMs: HOUR,
    message: 'You have generated many avatars in a short time. Please try again later.',
  },
  /** Recordings turned into text (issue 50): each is up to a minute of the provider's time. */
  transcriptionsPerUser: {
    name: 'transcription',
    limit: 120,
    windowMs: HOUR,
    message: 'You have sent many recordings in a short time. Please try again later.',
  },
  /** Messages read aloud (issue 50): a replay of a kept one is counted too (it is cheap). */
  speechPerUser: {
    name: 'speech',
    limit: 300,
    windowMs: HOUR,
    message: 'You have listened to many messages in a short time. Please try again later.',
  },
  /** Pictures in chat (issue 50): each is an image and a model call at the operator's cost. */
  picturesPerUser: {
    name: 'picture',
    limit: 30,
    windowMs: HOUR,
    message: 'You have asked for many pictures in a short time. Please try again later.',
  },
  /** Voice samples: each voice's is made once, then kept; this stops scripts. */
  voiceSamplesPerUser: {
    name: 'voice-sample',
    limit: 120,
    windowMs: HOUR,
    message: 'You have played many voice samples in a short time. Please try again later.',
  },
  characterGenerationsPerUser: {
    name: 'character-generate',
    limit: 30,
    windowMs: HOUR,
    message: 'You have generated many characters in a short time. Please try again later.',
  },
  /** Replies cost credits already; this only stops floods (scripts hammering the model). */
  messagesPerUser: {
    name: 'messages',
    limit: 30,
    windowMs: MINUTE,
    message: 'You are sending messages very fast. Please slow down a little.',
  },
  /** Scenario, options and summaries: not charged, so limited per hour. */
  storyCallsPerUser: {
    name: 'story-calls',
    limit: 200,
    windowMs: HOUR,
    message: 'Too many requests for story help. Please try again later.',
  },
  /** Second opinions on a character's age (age-review.ts) on saves, generations and avatars. */
  ageReviewsPerUser: {
    name: 'age-review',
    limit: 200,
    windowMs: HOUR,
    message: 'You have saved or generated many characters in a short time. Please try again later.',
  },
  /**
   * Checkout and portal sessions, and resuming a plan set to end: each is a call to Stripe on
   * the operator's account.
   */
  billingSessionsPerUser: {
    name: 'billing-sessions',
    limit: 30,
    windowMs: 10 * MINUTE,
    message: 'Too many billing requests. Please wait a few minutes and try again.',
  },
  /**
   * Re-reads of a user's subscriptions from Stripe when the membership page loads. Past the limit
   * the page shows what is stored (nothing is refused), so this only caps calls to Stripe.
   */
  subscriptionSyncsPerUser: {
    name: 'subscription-syncs',
    limit: 20,
    windowMs: 10 * MINUTE,
    message: 'Too many subscription refreshes.',
  },
  feedbackPerUser: {
    name: 'feedback',
    limit: 300,
    windowMs: HOUR,
    message: 'Too much feedback in a short time. Please try again later.',
  },
  /** Reports (issue 49): enough for anyone reporting what they see, not a flood of the queue. */
  reportsPerUser: {
    name: 'reports',
    limit: 30,
    windowMs: HOUR,
    message: 'Too many reports in a short time. Please try again later.',
  },
  /** Saved themes are capped at 50; this stops scripts churning save/delete. */
  themeSavesPerUser: {
    name: 'theme-save',
    limit: 120,
    windowMs: HOUR,
    message: 'You have saved many themes in a short time. Please try again later.',
  },
  /** Renames (and the staff's model changes) of conversations: stops scripts churning them. */
  conversationEditsPerUser: {
    name: 'conversation-edit',
    limit: 300,
    windowMs: HOUR,
    message: 'You have renamed many conversations in a short time. Please try again later.',
  },
  /** Reconnects to a reply on its way (a phone on a bad network reconnects often; each is cheap). */
  replyEventsPerUser: {
    name: 'reply-events',
    limit: 600,
    windowMs: MINUTE,
    message: 'Too many reconnects in a short time. Please wait a minute and try again.',
  },
  /** Personas are capped per user; this stops scripts churning add/edit/delete. */
  personaWritesPerUser: {
    name: 'persona-write',
    limit: 300,
    windowMs: HOUR,
    message: 'You have changed many personas in a short time. Please try again later.',
  },
  /** Push subscriptions, notification and check-in settings (issue 52): stops scripts churning. */
  notificationWritesPerUser: {
    name: 'notification-write',
    limit: 300,
    windowMs: HOUR,
    message:
      'You have changed your notifications many times in a short time. Please try again later.',
  },
  /** Read marks (issue 52 part 4): one per reply seen, so generous; a script still stops. */
  readMarksPerUser: {
    name: 'read-mark',
    limit: 600,
    windowMs: MINUTE,
    message: 'Too many requests in a short time. Please wait a minute and try again.',
  },
  /** New conversations: free to start (greetings are stored, not generated); stops scripts. */
  conversationStartsPerUser: {
    name: 'conversation-start',
    limit: 300,
    windowMs: HOUR,
    message: 'You have started many conversations in a short time. Please try again later.',
  },
  /**
   * Characters created or changed, and lorebooks saved (up to 5 MB each): the age review's limit
   * counts these only when a model is configured; this one always does.
   */
  characterWritesPerUser: {
    name: 'character-write',
    limit: 300,
    windowMs: HOUR,
    message: 'You have saved many characters in a short time. Please try again later.',
  },
  /** Credits a staff member gives or takes: each is free model use the operator pays for. */
  creditGrantsPerStaff: {
    name: 'credit-grant',
    limit: 60,
    windowMs: HOUR,
    message: 'You have changed many balances in a short time. Please try again later.',
  },
  /** Messages edited in place: stops scripts rewriting a thread over and over. */
  messageEditsPerUser: {
    name: 'message-edit',
    limit: 600,
    windowMs: HOUR,
    message: 'You have edited many messages in a short time. Please try again later.',
  },
  /** Memories are capped per character; this stops scripts churning add/edit/delete. */
  memoryWritesPerUser: {
    name: 'memory-write',
    limit: 600,
    windowMs: HOUR,
    message: 'You have changed many memories in a short time. Please try again later.',
  },
  /**
   * Wrong current passwords given by a signed-in session (change password, change e-mail): a
   * stolen session must not become a way to guess the password.
   */
  passwordConfirmFailuresPerUser: {
    name: 'password-confirm-fail',
    limit: 5,
    windowMs: 15 * MINUTE,
    message: 'Too many wrong passwords. Please wait a few minutes and try again.',
  },
  /**
   * Wrong two-factor codes from one client (sign-in's code step, enrolment, turning it off):
   * better-auth's own bounds are per challenge (5) and per account (10, then 15 minutes locked);
   * this one bounds a client guessing across accounts.
   */
  twoFactorFailuresPerClient: {
    name: 'two-factor-fail-ip',
    limit: 20,
    windowMs: 15 * MINUTE,
    message: 'Too many wrong codes. Try again in 15 minutes.',
  },
  /** Confirming an account deletion takes the password: guesses here are bounded too. */
  accountDeletionsPerUser: {
    name: 'account-delete',
    limit: 5,
    windowMs: 15 * MINUTE,
    message: 'Too many attempts. Please wait a few minutes and try again.',
  },
  /** Each export reads all of the user's data: enough for any real need, not a scraping loop. */
  accountExportsPerUser: {
    name: 'account-export',
    limit: 10,
    windowMs: HOUR,
    message: 'You have downloaded your data several times already. Please try again later.',
  },
} satisfies Record<string, RateRule>;
