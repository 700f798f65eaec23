/** One outgoing e-mail. Links are listed separately so the outbox mode can print them. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Links the mail contains (verification etc.); logged in outbox mode for local use. */
  links?: string[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The fields nodemailer needs to send `message` from `from`. */
export function toNodemailer(from: string, message: MailMessage) {
  const { to, subject, text, html, replyTo } = message;
  return { from, to, subject, text, html, replyTo };
}

/** nodemailer, loaded with the first mail rather than at start-up (a tenth of a second). */
export async function loadNodemailer() {
  return (await import('nodemailer')).default;
}
