// Page-side driver for the browser suite, bundled with esbuild. It wraps getUserMedia and the
// AudioContext factory through the library's platform seam to see every track and context.
import { Conversation, type SessionOptions, type VoiceClientError } from '../src/index';

const tracks: MediaStreamTrack[] = [];
const contexts: AudioContext[] = [];
const log: Array<[string, unknown]> = [];
/** Each mode change with its time, so a test can tell an interruption from a drained turn. */
const modes: Array<{ mode: string; at: number }> = [];
const violations: string[] = [];
let conversation: Conversation | undefined;
let maxOutput = 0;
let sampler: ReturnType<typeof setInterval> | undefined;

document.addEventListener('securitypolicyviolation', (e) =>
  violations.push(`${e.violatedDirective} ${e.blockedURI}`),
);

const harness = {
  async start(options: SessionOptions) {
    try {
      conversation = await Conversation.startSession(
        {
          ...options,
          onConnect: (p) => log.push(['connect', p]),
          onDisconnect: (d) => log.push(['disconnect', d]),
          onStatusChange: (s) => log.push(['status', s.status]),
          onModeChange: (m) => {
            log.push(['mode', m.mode]);
            modes.push({ mode: m.mode, at: performance.now() });
          },
          onMessage: (m) => log.push(['message', m]),
          onAudio: () => log.push(['audio', null]),
          onError: (e) => log.push(['error', e]),
        },
        {
          getUserMedia: async (c) => {
            const stream = await navigator.mediaDevices.getUserMedia(c);
            tracks.push(...stream.getTracks());
            return stream;
          },
          createAudioContext: (o) => {
            const context = new AudioContext(o);
            contexts.push(context);
            return context;
          },
        },
      );
      sampler = setInterval(() => {
        maxOutput = Math.max(maxOutput, conversation?.getOutputVolume() ?? 0);
      }, 20);
      return { ok: true, id: conversation.getId() };
    } catch (error) {
      const e = error as VoiceClientError;
      return { ok: false, name: e.name, code: e.code, message: e.message };
    }
  },
  send: (text: string) => conversation?.sendUserMessage(text),
  end: () => conversation?.endSession(),
  state: () => ({
    log,
    modes,
    now: performance.now(),
    violations,
    maxOutput,
    inputVolume: conversation?.getInputVolume() ?? 0,
    tracks: tracks.map((t) => t.readyState),
    contexts: contexts.map((c) => c.state),
    sampling: sampler !== undefined,
  }),
};

(window as unknown as { harness: typeof harness }).harness = harness;
