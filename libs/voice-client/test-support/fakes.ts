import type { VoicePlatform, WebSocketLike } from '../src/platform';

/** A scripted WebSocket: tests play the server. */
export class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  closedWith?: { code?: number; reason?: string };
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onclose: WebSocketLike['onclose'] = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string): void {
    if (this.readyState >= 2) return;
    this.closedWith = { code, reason };
    this.readyState = 2;
    queueMicrotask(() => this.serverClose(code ?? 1005, reason ?? ''));
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  serverClose(code: number, reason = ''): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  fail(): void {
    this.onerror?.({});
    this.serverClose(1006);
  }
  typed(type: string) {
    return this.sent.filter((m) => m['type'] === type);
  }
}

export const metadata = (id = 'conv_1', output = 'pcm_16000', input?: string) => ({
  type: 'conversation_initiation_metadata',
  conversation_initiation_metadata_event: {
    conversation_id: id,
    agent_output_audio_format: output,
    ...(input ? { user_input_audio_format: input } : {}),
  },
});

export class FakeTrack {
  readyState = 'live';
  stop() {
    this.readyState = 'ended';
  }
}

export class FakeNode {
  connections = 0;
  connect() {
    this.connections++;
  }
  disconnect() {
    this.connections = 0;
  }
}

export class FakeWorkletNode extends FakeNode {
  posted: Array<Record<string, unknown>> = [];
  port = {
    onmessage: null as null | ((e: { data: unknown }) => void),
    postMessage: (m: Record<string, unknown>) => this.posted.push(m),
  };
  constructor(readonly name: string) {
    super();
  }
  emit(data: unknown) {
    this.port.onmessage?.({ data });
  }
}

class FakeParam {
  value = 1;
  setValueAtTime(v: number) {
    this.value = v;
  }
  cancelScheduledValues() {}
  exponentialRampToValueAtTime(v: number) {
    this.value = v;
  }
}

export class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = new FakeNode();
  constructor(
    readonly sampleRate: number,
    private readonly failWorklets: boolean,
  ) {}
  audioWorklet = {
    addModule: async (url: string) => {
      this.modules.push(url);
      if (this.failWorklets) throw new Error('blocked');
    },
  };
  modules: string[] = [];
  createMediaStreamSource() {
    return new FakeNode();
  }
  createAnalyser() {
    return Object.assign(new FakeNode(), {
      fftSize: 32,
      frequencyBinCount: 16,
      getFloatTimeDomainData: (a: Float32Array) => a.fill(0.5),
      getByteFrequencyData: (a: Uint8Array) => a.fill(7),
    });
  }
  createGain() {
    return Object.assign(new FakeNode(), { gain: new FakeParam() });
  }
  async resume() {}
  async close() {
    this.state = 'closed';
  }
}

/** A platform whose sockets, media and audio are all fakes the test can inspect. */
export function fakePlatform(
  opts: { failWorklets?: boolean; failMic?: boolean; userAgent?: string } = {},
) {
  const sockets: FakeSocket[] = [];
  const tracks: FakeTrack[] = [];
  const contexts: FakeAudioContext[] = [];
  const nodes: FakeWorkletNode[] = [];
  const wakeLocks: Array<{ released: boolean }> = [];
  const platform: Partial<VoicePlatform> = {
    createWebSocket: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
    getUserMedia: async () => {
      if (opts.failMic) throw new Error('NotAllowedError');
      const t = new FakeTrack();
      tracks.push(t);
      return { getTracks: () => [t] } as unknown as MediaStream;
    },
    enumerateDevices: async () => [],
    createAudioContext: (o) => {
      const c = new FakeAudioContext(o?.sampleRate ?? 48000, opts.failWorklets ?? false);
      contexts.push(c);
      return c as unknown as AudioContext;
    },
    createWorkletNode: (_c, name) => {
      const n = new FakeWorkletNode(name);
      nodes.push(n);
      return n as unknown as AudioWorkletNode;
    },
    requestWakeLock: async () => {
      const lock = {
        released: false,
        release: async () => {
          lock.released = true;
        },
      };
      wakeLocks.push(lock);
      return lock;
    },
    userAgent: opts.userAgent ?? 'node-test',
  };
  const everythingStopped = () =>
    tracks.every((t) => t.readyState === 'ended') &&
    contexts.every((c) => c.state === 'closed') &&
    wakeLocks.every((l) => l.released);
  return { platform, sockets, tracks, contexts, nodes, wakeLocks, everythingStopped };
}

/** Lets pending promise callbacks and microtasks run. */
export const flush = async (times = 5) => {
  for (let i = 0; i < times; i++) await new Promise<void>((r) => setImmediate(r));
};

/** Injectable timers the test advances by hand. */
export class ManualClock {
  time = 0;
  private timers = new Map<number, { at: number; fn: () => void; every?: number }>();
  private next = 1;
  readonly platform: Pick<
    VoicePlatform,
    'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'now'
  > = {
    setTimeout: (fn, ms) => this.add(fn, ms),
    clearTimeout: (id) => this.timers.delete(id as number),
    setInterval: (fn, ms) => this.add(fn, ms, ms),
    clearInterval: (id) => this.timers.delete(id as number),
    now: () => this.time,
  };
  private add(fn: () => void, ms: number, every?: number): number {
    const id = this.next++;
    this.timers.set(id, { at: this.time + ms, fn, every });
    return id;
  }
  get pending(): number {
    return this.timers.size;
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let due: [number, { at: number; fn: () => void; every?: number }] | undefined;
      for (const entry of this.timers)
        if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      this.time = due[1].at;
      if (due[1].every) due[1].at += due[1].every;
      else this.timers.delete(due[0]);
      due[1].fn();
    }
    this.time = end;
  }
}
