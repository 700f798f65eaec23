import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
  /** When the message had arrived (Date.now()). */
  receivedAt: number;
}

/**
 * A local SMTP server that accepts every message and keeps it for the test to read. With
 * `connectDelayMs` it is a slow mail server: each connection waits that long to be accepted.
 * Addresses put in `refused` are refused as a real server refuses them (550, naming the address
 * in its reply).
 */
export async function startSmtpCatcher(options: { connectDelayMs?: number } = {}) {
  const mails: CaughtMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      setTimeout(() => callback(), options.connectDelayMs ?? 0);
    },
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address)) return callback();
      const error = Object.assign(
        new Error(`<${address.address}>: Recipient address rejected: User unknown`),
        { responseCode: 550 },
      );
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refused,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
