import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the server received it. */
export interface ReceivedMail {
  /** Who signed in to send it (AUTH), if anyone. */
  user: string | undefined;
  from: string;
  to: string[];
  /** The whole message source (headers and MIME parts), quoted-printable undone. */
  source: string;
}

/** Undoes quoted-printable (soft line breaks and =XX), enough to read links in a message. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A real SMTP server in this process on a free loopback port (the `smtp-server` package), which
 * keeps every message it accepts. It takes the credentials given (AUTH PLAIN / LOGIN, allowed
 * without TLS: it is only ever on 127.0.0.1) and records who sent, so a test proves the ones in
 * SMTP_URL are used. `refuseRecipients`: every RCPT TO is refused (550), quoting the address.
 */
export async function startSmtpServer({
  user = 'mailer',
  pass = 'mail-secret',
  refuseRecipients = false,
} = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      // As a real server words it: the refusal quotes the recipient.
      if (refuseRecipients) callback(new Error(`<${address.address}>: Recipient address rejected`));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          user: typeof session.user === 'string' ? session.user : undefined,
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          source: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    /** SMTP_URL for this server, with its credentials. */
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    /** Every message accepted so far (cleared by `clear()`). */
    received,
    clear: () => void received.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
