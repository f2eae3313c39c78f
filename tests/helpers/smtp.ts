import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  subject: string;
  text: string;
  /** The whole message as received, for a MIME parser (mails with inline images are multipart). */
  raw: Buffer;
}

/** A real SMTP server on a free loopback port; `refuse` makes it turn every recipient away. */
export async function startSmtpServer(options: { refuse?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse) return callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        const raw = Buffer.concat(chunks);
        // Read as a mail client reads it (mailparser): subject decoded, the text part of a multipart mail.
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              envelopeFrom: from ? from.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: (parsed.text ?? '').replace(/\r\n/g, '\n').trimEnd(),
              raw,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
