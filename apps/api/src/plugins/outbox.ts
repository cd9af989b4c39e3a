import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { describeMailError, type Mailer, smtpMailer } from '../lib/mailer';

/** Longest a shutdown waits for mail still being sent before closing the connections. */
const SHUTDOWN_WAIT_MS = 10_000;

/**
 * Mail sent after the answer: a request never waits for the mail server, so neither its time
 * nor its answer says whether a mail went out, and a mail server that is down fails nothing.
 */
export class Outbox {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether SMTP is configured. */
  get enabled(): boolean {
    return this.mailer !== null;
  }

  /**
   * Runs `task` in the background with the mailer (nothing without SMTP). A failure is logged
   * at warn as `what` with `context`, which must hold no email address; it is never thrown.
   */
  later(
    what: string,
    context: Record<string, unknown>,
    task: (mailer: Mailer) => Promise<void>,
  ): void {
    const mailer = this.mailer;
    if (!mailer) return;
    const run = Promise.resolve()
      .then(() => task(mailer))
      .catch((err: unknown) =>
        this.log.warn({ ...context, mailError: describeMailError(err) }, what),
      )
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** Resolves once every task started so far has ended (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  close(): void {
    this.mailer?.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Background mail (reset links); does nothing without SMTP_URL. */
    outbox: Outbox;
  }
}

export const outboxPlugin = fp(
  async (app) => {
    const mail = app.config.mail;
    const outbox = new Outbox(mail ? smtpMailer(mail) : null, app.log);
    app.decorate('outbox', outbox);
    // Registered after the database, so closed before it (last in, first out): a send in
    // flight may still write its token or log its failure.
    app.addHook('onClose', async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        outbox.idle(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS))),
      ]);
      clearTimeout(timer);
      outbox.close();
    });
  },
  { name: 'outbox', dependencies: ['config'] },
);
