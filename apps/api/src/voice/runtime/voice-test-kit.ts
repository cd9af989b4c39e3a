import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../../app';

// Test helpers for the conversation socket: a plain `ws` client that records every frame in
// order, answers pings unless told not to, and reports how the socket closed.

export type Frame = Record<string, unknown> & { type?: string };

/** Starts the app on an ephemeral loopback port (once) and returns its ws:// and http:// bases. */
export async function listen(app: App): Promise<{ ws: string; http: string }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { ws: `ws://127.0.0.1:${port}`, http: `http://127.0.0.1:${port}` };
}

export interface OpenOptions {
  headers?: Record<string, string>;
  protocols?: string[];
  /** Answer pings automatically (default true). */
  autoPong?: boolean;
  /** The first frame to send on open; null sends none. Default: a text-only initiation. */
  init?: Frame | null;
}

export const textOnlyInit = (extra: Frame = {}): Frame => ({
  type: 'conversation_initiation_client_data',
  conversation_config_override: { agent: {}, tts: {}, conversation: { text_only: true } },
  ...extra,
});

export const voiceInit = (extra: Frame = {}): Frame => ({
  type: 'conversation_initiation_client_data',
  conversation_config_override: { agent: {}, tts: {} },
  ...extra,
});

export class TestSocket {
  readonly frames: Frame[] = [];
  readonly arrivals: number[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private cursor = 0;
  private waiters: (() => void)[] = [];
  autoPong: boolean;

  private constructor(
    readonly ws: WebSocket,
    autoPong: boolean,
  ) {
    this.autoPong = autoPong;
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      this.arrivals.push(Date.now());
      if (this.autoPong && frame.type === 'ping') {
        const id = (frame.ping_event as { event_id: number }).event_id;
        this.send({ type: 'pong', event_id: id });
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const w of this.waiters.splice(0)) w();
      });
    });
    ws.on('error', () => undefined);
  }

  static async open(url: string, options: OpenOptions = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, options.protocols ?? ['convai'], {
      headers: options.headers,
    });
    const socket = new TestSocket(ws, options.autoPong ?? true);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`unexpected response ${res.statusCode}`)),
      );
    });
    const init = options.init === undefined ? textOnlyInit() : options.init;
    if (init) socket.send(init);
    return socket;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame (after the previous `next`) matching `type`/`predicate`; others are skipped. */
  async next(
    type: string,
    predicate: (f: Frame) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.frames.length) {
        const f = this.frames[this.cursor++]!;
        if (f.type === type && predicate(f)) return f;
      }
      if (this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(
          `socket closed while waiting for ${type}; frames: ${this.types().join(',')}`,
        );
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no ${type} within ${timeoutMs} ms; frames: ${this.types().join(',')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Frames of one type received so far. */
  all(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  types(): string[] {
    return this.frames.map((f) => f.type ?? '?');
  }

  /** Sends a typed message and returns the agent_response that answers it. */
  async ask(text: string): Promise<Frame> {
    this.send({ type: 'user_message', text });
    return this.next('agent_response');
  }

  async close(code = 1000, reason = 'User ended conversation') {
    this.ws.close(code, reason);
    return this.closed;
  }
}

export const eventIdOf = (f: Frame): number | undefined => {
  for (const value of Object.values(f)) {
    if (value && typeof value === 'object' && 'event_id' in value) {
      return (value as { event_id: number }).event_id;
    }
  }
  return undefined;
};

export const responseText = (f: Frame) =>
  (f.agent_response_event as { agent_response: string }).agent_response;

/** Waits until `check` passes (database rows written after a close, say). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * Runs `body` with the process clock (Date) moved `ms` ahead at once, so a duration the server
 * measures with it reads `ms` longer without the test waiting that long. Timers stay real (the
 * socket, the database and the server's own timers run as usual) and Date keeps ticking.
 */
export async function withClockAhead<T>(ms: number, body: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  try {
    vi.advanceTimersByTime(ms);
    return await body();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * §6: every event id seen for the first time is larger than every id sent before it (ids of
 * one agent turn repeat). Returns the first frame that breaks the rule, or null.
 */
export function eventIdViolation(frames: Frame[]): Frame | null {
  const seen = new Set<number>();
  let max = 0;
  for (const f of frames) {
    const id = eventIdOf(f);
    if (id === undefined) continue;
    if (!seen.has(id) && id <= max) return f;
    seen.add(id);
    max = Math.max(max, id);
  }
  return null;
}
