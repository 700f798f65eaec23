import { describe, expect } from 'vitest';
import { desc } from 'drizzle-orm';
import { contactMessage } from '../../src/server/db/schema';
import { RATE_RULES } from '../../src/server/rate-rules';
import { smtpAppTest } from '../support/server-fixtures';
import { decodeQuotedPrintable } from './support/mail';

const it = smtpAppTest((smtp) => ({ SMTP_URL: smtp.url, CONTACT_TO: 'team@reverie.test' }));

const valid = {
  name: 'Casey',
  email: 'casey@example.com',
  reason: 'feedback',
  message: 'I love the story mode!',
};

describe('POST /api/contact', () => {
  it('stores the message and e-mails it to CONTACT_TO over SMTP', async ({ t, smtp }) => {
    const res = await t.client().post('/api/contact', valid);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ success: true });

    const [row] = await t.database.db
      .select()
      .from(contactMessage)
      .orderBy(desc(contactMessage.id))
      .limit(1);
    expect(row).toMatchObject({ name: 'Casey', email: 'casey@example.com', reason: 'feedback' });
    expect(row!.deliveredAt).not.toBeNull();

    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['team@reverie.test']);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toMatch(/Reply-To: casey@example\.com/i);
    expect(body).toContain('I love the story mode!');
    expect(body).toContain('Feedback');
  });

  it('accepts a message without a reason', async ({ t }) => {
    const { reason: _omit, ...noReason } = valid;
    expect((await t.client().post('/api/contact', noReason)).status).toBe(201);
  });

  it('refuses missing fields with field messages and stores nothing', async ({ t, smtp }) => {
    const before = smtp.mails.length;
    const res = await t.client().post('/api/contact', { name: '', email: 'nope', message: '' });
    expect(res.status).toBe(400);
    expect(res.json.issues.map((i: { path: string }) => i.path)).toEqual([
      'name',
      'email',
      'message',
    ]);
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses an unknown reason', async ({ t }) => {
    const res = await t.client().post('/api/contact', { ...valid, reason: 'spam' });
    expect(res.status).toBe(400);
  });

  it('is rate limited per client', async ({ t }) => {
    let status = 0;
    for (let i = 0; i <= RATE_RULES.contactPerClient.limit && status !== 429; i++) {
      status = (await t.client().post('/api/contact', valid)).status;
    }
    expect(status).toBe(429);
  });
});
