import { VoiceClientError } from '../voice-client-error';
import { CAPTURE_PROCESSOR_SOURCE } from './capture-processor.generated';
import { PLAYBACK_PROCESSOR_SOURCE } from './playback-processor.generated';

/** The two worklets and the processor names they register. */
export const WORKLETS = {
  capture: { name: 'fieldcraft-capture', source: CAPTURE_PROCESSOR_SOURCE },
  playback: { name: 'fieldcraft-playback', source: PLAYBACK_PROCESSOR_SOURCE },
} as const;
export type WorkletKind = keyof typeof WORKLETS;

/** Where the same-origin worklet module files are served, per worklet. */
export type WorkletUrls = Partial<Record<WorkletKind, string | URL>>;

// Literal `new URL('./x.js', import.meta.url)` so Vite and other bundlers emit the files as
// same-origin assets; a tsc build gets them copied beside this module.
function defaultUrl(kind: WorkletKind): string | undefined {
  try {
    return kind === 'capture'
      ? new URL('./capture-processor.js', import.meta.url).href
      : new URL('./playback-processor.js', import.meta.url).href;
  } catch {
    return undefined;
  }
}

const loaded = new WeakMap<BaseAudioContext, Set<WorkletKind>>();

/**
 * Adds a worklet module to the context: the same-origin file first (works under a strict CSP),
 * then a blob URL, then a data URL. Never a CDN.
 */
export async function loadWorklet(
  context: BaseAudioContext,
  kind: WorkletKind,
  urls: WorkletUrls = {},
): Promise<void> {
  const done = loaded.get(context) ?? new Set<WorkletKind>();
  if (done.has(kind)) return;
  const { name, source } = WORKLETS[kind];
  const errors: unknown[] = [];
  if (context.audioWorklet) {
    const fileUrl = urls[kind] ?? defaultUrl(kind);
    const candidates: Array<() => string> = [];
    if (fileUrl) candidates.push(() => String(fileUrl));
    if (typeof Blob !== 'undefined' && typeof URL.createObjectURL === 'function') {
      candidates.push(() =>
        URL.createObjectURL(new Blob([source], { type: 'application/javascript' })),
      );
    }
    candidates.push(() => `data:application/javascript;base64,${btoa(source)}`);
    for (const candidate of candidates) {
      let url: string | undefined;
      try {
        url = candidate();
        await context.audioWorklet.addModule(url);
        done.add(kind);
        loaded.set(context, done);
        return;
      } catch (error) {
        errors.push(error);
      } finally {
        if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
      }
    }
  }
  throw new VoiceClientError(
    'WORKLET_LOAD_FAILED',
    `Failed to load the ${name} worklet module. Make sure the browser supports AudioWorklets.`,
    undefined,
    { cause: errors },
  );
}
