/**
 * Technical logs never hold what users write or their secrets (issue 14, the privacy policy):
 * after sign-up, chats (plain and streamed, answered and failed), a summary, memories, password
 * changes and resets, the captured log — at its most talkative level — is scanned for every
 * message, reply, prompt and password used.
 */
import { sql } from 'drizzle-orm';
import { pino, type LoggerOptions } from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/logger';
import { creditAccount } from '../../src/server/db/schema';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { AGE_REVIEW, ageVerdict, answerAgeReviewsAsAdult } from './support/llm';
import { startSmtpCatcher } from '../doubles/smtp-server';
import { extractLinks, verificationLink } from './support/mail';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app';

const logLines: string[] = [];
let t: TestApp;
let llm: LlmDouble;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

/** Words no log line may contain: each is unusual enough to appear only where it was written. */
const SECRETS = {
  message: 'marmalade-zeppelin-7731',
  streamed: 'tangerine-observatory-5508',
  failed: 'quartz-gondolier-4410',
  reply: 'saffron-lighthouse-9921',
  summary: 'pewter-nightingale-3307',
  memory: 'cobalt-harpsichord-6642',
  character: 'velvet-orrery-1185',
  crisis: 'lilac-aqueduct-2290',
  unclear: 'amber-carousel-8814',
  withheld: 'ochre-telescope-5173',
  unstored: 'russet-planetarium-3356',
  unstoredReply: 'mauve-funicular-7409',
  minor: 'indigo-bellflower-6602',
  newPassword: 'juniper avalanche cathedral',
  resetPassword: 'periwinkle monsoon bazaar',
};

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  // Mail goes out over SMTP, as in production (the outbox mode of a local install prints its
  // links to the log on purpose, for a user with no mail server).
  smtp = await startSmtpCatcher();
  t = await startTestApp(
    { LOG_LEVEL: 'debug', LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b', SMTP_URL: smtp.url },
    { logStream: { write: (line) => void logLines.push(line) }, jobs: true },
  );
});
afterAll(async () => {
  await t.close();
  await llm.stop();
  await smtp.stop();
});

async function signUp(email: string) {
  const c = t.client();
  await c.post('/api/auth/sign-up/email', {
    name: '',
    email,
    password: TEST_PASSWORD,
    acceptTerms: true,
    acceptPrivacy: true,
  });
  const mail = smtp.mails.findLast((m) => m.to.includes(email))!;
  await fetch(verificationLink(mail.raw), { redirect: 'manual' });
  expect((await c.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(
    200,
  );
  return c;
}

describe('the technical log', () => {
  it('holds no message text, prompt or password after a day of use', async () => {
    const email = 'private-person@example.com';
    const user = await signUp(email);
    await user.get('/api/get-credits');
    await t.database.db.update(creditAccount).set({ credits: 100 });
    // A wrong password is logged as a failed sign-in at most, never as text.
    await t.client().post('/api/auth/sign-in/email', { email, password: 'wrong horse battery' });

    const character = await user.post('/api/characters', {
      name: 'Selene',
      description: `A moonlit poet who collects ${SECRETS.character}.`,
      gender: 'female',
      personality: 'Playful, literate, teases gently and quotes poetry.',
    });
    const conversationId = (
      await user.post('/api/conversations', { characterId: character.json.id, chatMode: 'texting' })
    ).json.id;

    llm.script({ content: `I adore ${SECRETS.reply}` });
    expect(
      (await user.post('/api/chat', { message: SECRETS.message, conversationId })).status,
    ).toBe(200);
    llm.script({ content: `Streaming ${SECRETS.reply}` });
    const streamed = await fetch(`${t.url}/api/chat`, {
      method: 'POST',
      headers: {
        cookie: user.cookieHeader,
        origin: t.url,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ message: SECRETS.streamed, conversationId }),
    });
    await streamed.text();
    // The model fails: the error is logged, the prompt that went with it is not.
    llm.script({ status: 500 });
    await user.post('/api/chat', { message: SECRETS.failed, conversationId });
    llm.script({
      status: 400,
      body: JSON.stringify({ error: { message: `bad ${SECRETS.failed}` } }),
    });
    await user.post('/api/chat', { message: SECRETS.failed, conversationId });

    // Enough messages for a summary (a queued job that sends the conversation to the model).
    llm.setDefault({ content: `More about ${SECRETS.reply}` });
    for (let i = 0; i < 5; i++) {
      await user.post('/api/chat', { message: `${SECRETS.message} ${i}`, conversationId });
    }
    llm.script({ content: `Summary: ${SECRETS.summary}` });
    await expect
      .poll(
        async () =>
          (await user.get(`/api/characters/${character.json.id}/memories`)).json.memories.length,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);
    await user.post(`/api/characters/${character.json.id}/memories`, { content: SECRETS.memory });

    // The crisis protocol logs its events (screened positive, a reply withheld, a pause, a failed
    // second opinion), never the words.
    await user.post('/api/chat', {
      message: `i want to kill myself ${SECRETS.crisis}`,
      conversationId,
    });
    llm.answerSchema('safety_review', { status: 500 });
    await user.post('/api/chat', {
      message: `what's the point anymore ${SECRETS.unclear}`,
      conversationId,
    });
    llm.answerSchema('safety_review', undefined);
    llm.script({ content: `you should just kill yourself ${SECRETS.withheld}` });
    await user.post('/api/chat', { message: 'rough day', conversationId });
    const paused = await user.post('/api/chat', {
      message: `I'm 15 ${SECRETS.minor}`,
      conversationId,
    });
    expect(paused.status).toBe(403);
    expect(logLines.join('')).toContain('chat paused: self-declared minor');

    await user.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: SECRETS.newPassword,
    });
    await t.client().post('/api/auth/request-password-reset', { email });
    // Sent by the mail-delivery job, moments after the answer.
    await expect
      .poll(() => smtp.mails.some((m) => m.raw.includes('Reset your Reverie password')), {
        timeout: 15_000,
      })
      .toBe(true);
    const mail = smtp.mails.findLast((m) => m.raw.includes('Reset your Reverie password'))!;
    const link = extractLinks(mail.raw).find((l) => l.includes('/reset-password/'))!;
    const token = new URL(link.replace(/&amp;/g, '&')).pathname.split('/').at(-1)!;
    expect(
      (
        await t.client().post('/api/auth/reset-password', {
          newPassword: SECRETS.resetPassword,
          token,
        })
      ).status,
    ).toBe(200);

    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(1000); // the log did record the day
    for (const [what, secret] of Object.entries(SECRETS)) {
      expect(log.includes(secret), `${what} in the log`).toBe(false);
    }
    for (const password of [TEST_PASSWORD, 'wrong horse battery']) {
      expect(log.includes(password), 'a password in the log').toBe(false);
    }
    expect(log.includes(token), 'a reset token in the log').toBe(false);
  }, 60_000);

  it('holds no text when a reply cannot be stored (its message, conversation or account deleted while the model writes), which is told as a 404', async () => {
    const email = 'vanishing-person@example.com';
    const user = await signUp(email);
    await user.get('/api/get-credits');
    await t.database.db.update(creditAccount).set({ credits: 100 });
    const credits = async () => (await user.get('/api/get-credits')).json.credits as number;
    const character = await user.post('/api/characters', {
      name: 'Wren',
      description: 'A lighthouse keeper with a dry wit and a fondness for storms.',
      gender: 'female',
      personality: 'Dry, warm underneath, curious about the user.',
    });
    const newConversation = async () =>
      (
        await user.post('/api/conversations', {
          characterId: character.json.id,
          chatMode: 'texting',
        })
      ).json.id as number;
    const streamed = (path: string, body: unknown) =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: {
          cookie: user.cookieHeader,
          origin: t.url,
          'content-type': 'application/json',
          accept: 'text/event-stream',
        },
        body: JSON.stringify(body),
      }).then((r) => r.text());
    const lastEvent = (text: string) => {
      const block = text.trim().split('\n\n').at(-1)!;
      return {
        event: /^event: (.*)$/m.exec(block)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!),
      };
    };
    /** A reply the model holds back until `then` has run. */
    const whileTheModelWrites = async (send: () => Promise<string>, then: () => Promise<void>) => {
      let release!: () => void;
      const seen = llm.requests.length;
      llm.script({
        content: `Of course ${SECRETS.unstoredReply}`,
        waitFor: new Promise<void>((r) => (release = r)),
      });
      const answer = send();
      try {
        await expect.poll(() => llm.requests.length > seen).toBe(true);
        await then();
      } finally {
        release();
      }
      return answer;
    };

    // Chat: the user's message deleted while its reply is written.
    const first = await newConversation();
    const before = await credits();
    const chat = await whileTheModelWrites(
      () => streamed('/api/chat', { message: SECRETS.unstored, conversationId: first }),
      async () => {
        const thread = (await user.get(`/api/conversations/${first}/messages`)).json;
        const mine = thread.findLast((m: { sender: string }) => m.sender === 'user');
        expect((await user.delete(`/api/messages/${mine.id}`)).status).toBe(200);
      },
    );
    expect(lastEvent(chat)).toEqual({
      event: 'error',
      data: { status: 404, message: 'Message not found' },
    });
    expect(await credits()).toBe(before);

    // Regenerate: the conversation deleted meanwhile.
    const second = await newConversation();
    llm.script({ content: 'A first answer.' });
    const answered = await user.post('/api/chat', {
      message: SECRETS.unstored,
      conversationId: second,
    });
    expect(answered.status).toBe(200);
    const afterFirst = await credits();
    const regenerate = await whileTheModelWrites(
      () => streamed(`/api/messages/${answered.json.messageId}/regenerate`, {}),
      async () => {
        expect((await user.delete(`/api/conversations/${second}`)).status).toBe(200);
      },
    );
    expect(lastEvent(regenerate)).toEqual({
      event: 'error',
      data: { status: 404, message: 'Message not found' },
    });
    expect(await credits()).toBe(afterFirst);

    // A plain (JSON) reply whose account is deleted while the model writes.
    const third = await newConversation();
    let status = 0;
    await whileTheModelWrites(
      async () => {
        const res = await user.post('/api/chat', {
          message: SECRETS.unstored,
          conversationId: third,
        });
        status = res.status;
        return '';
      },
      async () => {
        expect((await user.post('/api/account/delete', { password: TEST_PASSWORD })).status).toBe(
          200,
        );
      },
    );
    expect([401, 404]).toContain(status);

    const log = logLines.join('');
    expect(log).not.toContain('streamed reply failed');
    for (const secret of [SECRETS.unstored, SECRETS.unstoredReply]) {
      expect(log.includes(secret), 'an unstored message in the log').toBe(false);
    }
  }, 60_000);

  it("holds neither the model's reason about a character nor an address a mail server refused", async () => {
    const email = 'refused-person@example.com';
    const user = await signUp(email);
    const reason = 'Described as fifteen, drawing-compass-4471.';
    llm.answerSchema(AGE_REVIEW, ageVerdict('minor', reason));
    const minor = await user.post('/api/characters', {
      name: 'Pim',
      description: 'A quiet student who keeps to herself.',
      gender: 'female',
      personality: 'Shy.',
    });
    expect(minor.status).toBe(400); // the user is told why; the log is not
    llm.answerSchema(AGE_REVIEW, ageVerdict('unclear', reason));
    await user.post('/api/characters', {
      name: 'Pam',
      description: 'A quiet person who keeps to herself.',
      gender: 'female',
      personality: 'Shy.',
    });
    answerAgeReviewsAsAdult(llm);

    smtp.refused.add(email);
    await t.client().post('/api/auth/request-password-reset', { email });
    const failure = () => logLines.find((l) => l.includes('job mail-delivery failed'));
    await expect.poll(failure, { timeout: 15_000 }).toBeDefined();
    expect(failure()).toContain('mail not delivered (EENVELOPE 550 RCPT TO)');
    smtp.refused.delete(email);
    const log = logLines.join('');
    expect(log.includes('drawing-compass-4471'), "the model's reason in the log").toBe(false);
    expect(log.includes('refused-person'), 'a refused address in the log').toBe(false);
  });

  it("logs a failed statement's code and SQL, never its values", async () => {
    const lines: string[] = [];
    // The options the app's logger is made with (Fastify takes the stream among them).
    const options = loggerOptions('info') as LoggerOptions;
    const log = pino(options, { write: (line: string) => void lines.push(line) });
    const failures = [
      // A missing row referenced (a reply whose conversation is gone), with the text it carried.
      () =>
        t.database.db.execute(sql`insert into message (conversation_id, user_id, sender, content)
          values (-1, 'nobody', 'ai', ${`Failed to keep ${SECRETS.unstoredReply}`})`),
      // A value of the wrong type: the database quotes it in its message.
      () => t.database.db.execute(sql`select ${`${SECRETS.unstored} here`}::int`),
    ];
    for (const fail of failures) {
      const error = await fail().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      log.error({ err: error }, 'request failed');
    }
    const written = lines.join('');
    expect(written).toContain('Failed query: insert into message');
    expect(written).toContain('23503');
    expect(written).toContain('22P02');
    for (const secret of [SECRETS.unstored, SECRETS.unstoredReply]) {
      expect(written.includes(secret), 'a value of a failed statement in the log').toBe(false);
    }
  });

  it("logs a payment provider's refusal without the address it quotes", async () => {
    const lines: string[] = [];
    const log = pino(loggerOptions('info') as LoggerOptions, {
      write: (line: string) => void lines.push(line),
    });
    // The SDK's error for Stripe's answer to a customer created with an address it refuses.
    const answer = {
      type: 'invalid_request_error' as const,
      message: 'Invalid email address: harbor.pelican+5521@example.org',
      param: 'email',
      statusCode: 400,
      requestId: 'req_123',
    };
    log.error(
      { err: Stripe.errors.StripeError.generate(answer) },
      'stripe: create customer failed',
    );
    const written = lines.join('');
    expect(written).toContain('Invalid email address: [address]');
    expect(written).toContain('StripeInvalidRequestError');
    expect(written).toContain('req_123');
    expect(written.includes('harbor.pelican'), 'an address in the log').toBe(false);
  });
});
