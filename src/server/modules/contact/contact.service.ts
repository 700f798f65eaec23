import { CONTACT_REASONS, type contactSchema } from '../../../shared/contact/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { brandName } from '../site';
import { insertContactMessage, markDelivered } from './contact.repo';

type ContactMessage = z.output<typeof contactSchema>;

/**
 * Stores the message first (so it is never lost), then e-mails it to the operator. A failed
 * delivery is logged and can be retried from the stored row; the sender still gets a success.
 */
export async function submitContactMessage(
  { db, mailer, config, log }: AppContext,
  userId: string | null,
  input: ContactMessage,
) {
  const id = await insertContactMessage(db, {
    userId,
    name: input.name,
    email: input.email,
    reason: input.reason ?? null,
    message: input.message,
  });
  if (!config.contactTo) return { id };
  const reason = CONTACT_REASONS.find((r) => r.value === input.reason)?.label ?? 'Not given';
  try {
    await mailer.send({
      to: config.contactTo,
      replyTo: input.email,
      subject: `[${await brandName(db)} contact] ${reason} — ${input.name}`,
      text: [
        `From: ${input.name} <${input.email}>`,
        `Reason: ${reason}`,
        `Signed-in user: ${userId ?? 'no'}`,
        `Message #${id}:`,
        '',
        input.message,
      ].join('\n'),
    });
    await markDelivered(db, id);
  } catch (err) {
    log.error({ err, contactMessageId: id }, 'contact message stored but e-mail delivery failed');
  }
  return { id };
}
