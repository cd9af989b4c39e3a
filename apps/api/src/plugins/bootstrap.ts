import fp from 'fastify-plugin';
import { ensureDefaultAgent, ensureOwner } from '../bootstrap/bootstrap';
import { cachedDemoMedia, demoMedia } from '../bootstrap/demo-media';
import { DEMO_PASSWORD, seedDemo, upgradeDemoMedia } from '../bootstrap/demo-seed';
import { isWeakPassword } from '../lib/password-strength';

/** First-start data: the owner (on an empty database), the default agent, and demo data. */
export const bootstrapPlugin = fp(
  async (app) => {
    const { db, config, log } = app;
    const owner = await ensureOwner(db, {
      email: config.ownerEmail,
      password: config.ownerPassword,
    });
    if (owner?.generatedPassword) {
      // The only place this password ever appears; warn level so it survives LOG_LEVEL=warn.
      log.warn(
        `Owner account created: ${owner.user.email} / password: ${owner.generatedPassword} (change required at first sign-in)`,
      );
    } else if (owner) {
      log.info(`Owner account created: ${owner.user.email} (password from OWNER_PASSWORD)`);
      // Kept (an operator chose it), but said: sign-in and password changes refuse such ones.
      if (isWeakPassword(config.ownerPassword as string, [owner.user.email])) {
        log.warn('OWNER_PASSWORD is too easy to guess: change it after the first sign-in');
      }
    }
    const agent = await ensureDefaultAgent(db);
    if (config.seedDemo) {
      const media = config.demoMedia ? cachedDemoMedia() : { video: null, audio: null };
      await seedDemo(db, agent, app.storage, log, app.textExtractor, { media });
      log.info(
        `Demo data ready: user@fieldcraft.local and admin@fieldcraft.local / ${DEMO_PASSWORD}`,
      );
      if (config.demoMedia && (!media.video || !media.audio)) {
        // Encoding takes seconds: made once the server is up, then swapped in for the shipped
        // clips; closing the server stops the programs.
        const stop = new AbortController();
        let making: Promise<unknown> = Promise.resolve();
        app.addHook('onReady', async () => {
          making = demoMedia((msg, err) => log.warn({ err }, msg), stop.signal)
            .then((made) => upgradeDemoMedia(db, app.storage, log, made))
            .then((n) => n > 0 && log.info(`Demo media made from text: ${n} item(s) updated`))
            .catch((err: unknown) => {
              if (!stop.signal.aborted) log.warn({ err }, 'could not make the demo media');
            });
        });
        app.addHook('onClose', async () => {
          stop.abort();
          await making;
        });
      }
    }
  },
  { name: 'bootstrap', dependencies: ['config', 'db', 'storage', 'text-extraction'] },
);
