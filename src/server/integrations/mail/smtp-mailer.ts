import type { Transporter } from 'nodemailer';
import { deliveryFailure, loadNodemailer, toNodemailer, type Mailer } from './mailer';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer is loaded with the first mail, not at start-up (see loadNodemailer).
  let transport: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    async send(message) {
      transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(smtpUrl));
      try {
        await (await transport).sendMail(toNodemailer(from, message));
      } catch (error) {
        throw deliveryFailure(error);
      }
    },
    async close() {
      (await transport?.catch(() => undefined))?.close();
    },
  };
}
