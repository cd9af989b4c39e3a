import { createTransport } from 'nodemailer';
import type { MailConfig } from '../plugins/config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail over SMTP; `close()` ends its connections. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * One SMTP transport from SMTP_URL (`smtp://` upgrades with STARTTLS when offered, `smtps://`
 * is TLS from the start; credentials in the URL). Timeouts are short: a mail server that does
 * not answer must not hold a send, or the shutdown that waits for it, for minutes.
 */
export function smtpMailer(config: MailConfig): Mailer {
  const transport = createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: config.from, ...message });
    },
    close: () => transport.close(),
  };
}

/**
 * A send failure as it may be logged: the error's code and the server's reply code, and its
 * message with any email address taken out (SMTP replies often quote the recipient).
 */
export function describeMailError(err: unknown): Record<string, unknown> {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(err);
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : undefined,
    message: message.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]'),
  };
}
