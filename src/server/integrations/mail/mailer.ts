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

/**
 * A failed delivery as it may be logged and kept in the job queue's record: why (nodemailer's
 * code, the server's reply code and the command it answered), never to whom. nodemailer's own
 * error carries the recipients in `rejected`, in the server's `response` and in its message.
 */
export function deliveryFailure(error: unknown): Error {
  const { code, responseCode, command } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  const named = {
    code: typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : undefined,
    responseCode: typeof responseCode === 'number' ? responseCode : undefined,
    // 'RCPT TO', 'DATA', 'CONN'…: the verb only.
    command: typeof command === 'string' ? /^[A-Z]+(?: [A-Z]+)?/.exec(command)?.[0] : undefined,
  };
  const why = [named.code, named.responseCode, named.command].filter(Boolean).join(' ');
  return Object.assign(new Error(`mail not delivered${why ? ` (${why})` : ''}`), named);
}
