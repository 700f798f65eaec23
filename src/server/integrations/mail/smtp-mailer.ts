import nodemailer from 'nodemailer';
import { toNodemailer, type Mailer } from './mailer';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(toNodemailer(from, message));
    },
    async close() {
      transport.close();
    },
  };
}
