/** The WebSocket members the library uses (the browser's class and the `ws` package both fit). */
export interface WebSocketLike {
  readonly readyState: number;
  readonly protocol?: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
}

/** A screen wake lock sentinel. */
export interface WakeLockLike {
  release(): Promise<void>;
}

/**
 * Everything the library takes from its environment. Browsers need none of it; tests and
 * unusual hosts pass a partial override as the second argument of `startSession`.
 */
export interface VoicePlatform {
  createWebSocket(url: string, protocols: string[]): WebSocketLike;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  enumerateDevices(): Promise<MediaDeviceInfo[]>;
  createAudioContext(options?: AudioContextOptions): AudioContext;
  createWorkletNode(
    context: AudioContext,
    name: string,
    options: AudioWorkletNodeOptions,
  ): AudioWorkletNode;
  requestWakeLock(): Promise<WakeLockLike | null>;
  userAgent: string;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  now(): number;
}

// Read globals only when a session starts, so importing the library in Node never touches them.
export function browserPlatform(overrides: Partial<VoicePlatform> = {}): VoicePlatform {
  const g = globalThis as typeof globalThis & { navigator?: Navigator };
  const nav = g.navigator;
  return {
    createWebSocket: (url, protocols) => {
      if (typeof WebSocket === 'undefined') throw new Error('WebSocket is not available');
      return new WebSocket(url, protocols) as unknown as WebSocketLike;
    },
    getUserMedia: (c) => {
      if (!nav?.mediaDevices?.getUserMedia) throw new Error('getUserMedia is not available');
      return nav.mediaDevices.getUserMedia(c);
    },
    enumerateDevices: async () => (await nav?.mediaDevices?.enumerateDevices?.()) ?? [],
    createAudioContext: (options) => new AudioContext(options),
    createWorkletNode: (context, name, options) => new AudioWorkletNode(context, name, options),
    requestWakeLock: async () => {
      const wl = (
        nav as
          (Navigator & { wakeLock?: { request(t: 'screen'): Promise<WakeLockLike> } }) | undefined
      )?.wakeLock;
      return wl ? wl.request('screen') : null;
    },
    userAgent: nav?.userAgent ?? '',
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
    now: () => Date.now(),
    ...overrides,
  };
}

export const isAndroid = (ua: string) => /android/i.test(ua);
export const isIos = (ua: string) => /iphone|ipad|ipod/i.test(ua) || /Macintosh.*Mobile/.test(ua);
