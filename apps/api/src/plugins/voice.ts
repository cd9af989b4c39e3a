import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { voiceConfig } from './config';
import { AccessWatch } from '../voice/runtime/access-watch';
import { type SessionRegistry, VoiceSession } from '../voice/runtime/session';

/** Where the conversation socket listens (voice-protocol.md §2). */
export const VOICE_PATH = '/v1/convai/conversation';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open voice sessions (for tests and the bench). */
    voiceSessions: {
      count(): number;
      /**
       * Ends this server's open conversations with the agent `agentDbId` (agents.id), so the
       * next ones read its new settings (the redeploy, docs/assistant-and-agents.md).
       * Returns how many were ended.
       */
      endForAgent(agentDbId: number): number;
    };
  }
}

/**
 * The conversation endpoint: `ws` without a server of its own, on the Fastify server's
 * 'upgrade' event. Sessions are counted per user and per server, and closed (1001) and stored
 * when the app closes. docs/voice-runtime.md.
 */
export const voicePlugin = fp(
  async (app) => {
    const limits = voiceConfig(app.config);
    const wss = new WebSocketServer({
      noServer: true,
      // The runtime answers over-size frames itself (1009 with a reason); ws only stops abuse.
      maxPayload: limits.maxFrameBytes * 4 + 1024,
      perMessageDeflate: false,
      // Exactly `convai` when offered; never a `bearer.*` entry (§2).
      handleProtocols: (protocols) => (protocols.has('convai') ? 'convai' : false),
    });

    const sessions = new Set<VoiceSession>();
    const perUser = new Map<number, number>();
    let reservedTotal = 0;
    const registry: SessionRegistry = {
      reserve(userId) {
        if (reservedTotal >= limits.maxSessions) {
          return {
            code: 1013,
            reason: 'The server is busy: too many conversations. Try again later.',
          };
        }
        const mine = perUser.get(userId) ?? 0;
        if (mine >= limits.maxSessionsPerUser) {
          return {
            code: 1008,
            reason: `Too many open conversations (limit ${limits.maxSessionsPerUser} per user)`,
          };
        }
        perUser.set(userId, mine + 1);
        reservedTotal += 1;
        return null;
      },
      release(userId) {
        const mine = (perUser.get(userId) ?? 1) - 1;
        if (mine <= 0) perUser.delete(userId);
        else perUser.set(userId, mine);
        reservedTotal -= 1;
      },
    };
    app.decorate('voiceSessions', {
      count: () => reservedTotal,
      endForAgent: (agentDbId: number) => {
        let ended = 0;
        for (const session of sessions) {
          if (session.agentDbId === agentDbId && session.endForRedeploy()) ended += 1;
        }
        return ended;
      },
    });

    let closing = false;
    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      let url: URL;
      try {
        url = new URL(request.url ?? '/', 'http://localhost');
      } catch {
        socket.destroy();
        return;
      }
      if (url.pathname !== VOICE_PATH || closing) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      socket.on('error', () => undefined);
      wss.handleUpgrade(request, socket, head, (ws) => {
        const session = new VoiceSession(ws, request, url, {
          db: app.db,
          log: app.log,
          advisor: app.advisor,
          speech: app.speech,
          limits,
          registry,
          trustedOrigins: app.config.trustedOrigins,
          trustProxy: app.config.trustProxy !== false,
          metrics: app.metrics.voice,
        });
        sessions.add(session);
        void session.finished.then(() => sessions.delete(session));
        void session.start();
      });
    };
    app.server.on('upgrade', onUpgrade);

    // Open conversations whose access ended (deactivation, sign-out, room) end within one
    // interval, whichever instance made the change.
    const watch = new AccessWatch(app.db, app.log, limits.accessCheckIntervalMs, () => sessions);
    app.addHook('onReady', async () => watch.start());

    // Before the server and the database close: every session ends (1001) and is stored.
    app.addHook('preClose', async () => {
      closing = true;
      await watch.stop();
      app.server.off('upgrade', onUpgrade);
      await Promise.all([...sessions].map((s) => s.shutdown()));
      wss.close();
    });
  },
  { name: 'voice', dependencies: ['config', 'db', 'speech', 'advisor', 'metrics'] },
);
