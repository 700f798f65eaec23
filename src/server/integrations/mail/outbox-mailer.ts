import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { loadNodemailer, toNodemailer, type Mailer } from './mailer';

/**
 * Used when no SMTP server is configured: each mail is rendered as an RFC 822 message and written
 * to `dir` as one .eml file; its links are printed to the log so a local user can follow them.
 */
export function createOutboxMailer(dir: string, from: string, log: Logger): Mailer {
  let transport: ReturnType<typeof createRenderer> | undefined;
  return {
    kind: 'outbox',
    async send(message) {
      transport ??= createRenderer();
      const info = await (await transport).sendMail(toNodemailer(from, message));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = path.join(dir, name);
      await writeFile(file, info.message as Buffer);
      // Deliberately logs the links: with no SMTP server this is how a local user verifies.
      log.info({ file, links: message.links ?? [] }, 'mail written to outbox (SMTP_URL not set)');
    },
    async close() {},
  };
}

/** A transport that renders each mail to bytes instead of sending it. */
async function createRenderer() {
  const nodemailer = await loadNodemailer();
  return nodemailer.createTransport({ streamTransport: true, buffer: true });
}
