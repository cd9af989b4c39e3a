import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CAPTURE_PROCESSOR_SOURCE } from './capture-processor.generated';
import { PLAYBACK_PROCESSOR_SOURCE } from './playback-processor.generated';
import { loadWorklet } from './worklet-loader';

interface Port {
  onmessage: ((e: { data: unknown }) => void) | null;
  posted: unknown[];
  postMessage(m: unknown): void;
}
interface Processor {
  port: Port;
  process(inputs: Float32Array[][], outputs?: Float32Array[][]): boolean;
}

// Runs a worklet file in a scope shaped like AudioWorkletGlobalScope.
function instantiate(file: string, sampleRate: number): Processor {
  let Ctor: (new () => Processor) | undefined;
  class AudioWorkletProcessor {
    port: Port = {
      onmessage: null,
      posted: [],
      postMessage(m: unknown) {
        this.posted.push(m);
      },
    };
  }
  const scope = {
    AudioWorkletProcessor,
    sampleRate,
    registerProcessor: (_name: string, c: new () => Processor) => (Ctor = c),
    Float32Array,
    Math,
  };
  vm.runInNewContext(readFileSync(path.join(import.meta.dirname, file), 'utf8'), scope);
  if (!Ctor) throw new Error('not registered');
  return new Ctor();
}

const send = (p: Processor, data: unknown) => p.port.onmessage?.({ data });
const chunks = (p: Processor) =>
  (p.port.posted as Array<{ type: string; samples: Float32Array }>)
    .filter((m) => m.type === 'chunk')
    .map((m) => m.samples);

describe('capture worklet', () => {
  it('cuts exact chunks across 128-frame blocks without dropping a sample', () => {
    const p = instantiate('capture-processor.js', 16000);
    send(p, { type: 'config', sampleRate: 16000, chunkSamples: 4000 });
    let n = 0;
    for (let b = 0; b < 70; b++) p.process([[Float32Array.from({ length: 128 }, () => n++)]]);
    const out = chunks(p);
    expect(out).toHaveLength(2);
    expect(out.every((c) => c.length === 4000)).toBe(true);
    const all = [...(out[0] as Float32Array), ...(out[1] as Float32Array)];
    expect(all.every((v, i) => v === i)).toBe(true);
    send(p, { type: 'flush' });
    expect(chunks(p)[2]).toHaveLength(70 * 128 - 8000);
  });

  it('sends zeros while muted, keeping real time', () => {
    const p = instantiate('capture-processor.js', 8000);
    send(p, { type: 'config', sampleRate: 8000, chunkSamples: 256 });
    send(p, { type: 'mute', muted: true });
    p.process([[new Float32Array(128).fill(0.5)]]);
    p.process([[new Float32Array(128).fill(0.5)]]);
    expect([...(chunks(p)[0] as Float32Array)].every((v) => v === 0)).toBe(true);
  });

  it('resamples 48 kHz to 16 kHz continuously across blocks', () => {
    const p = instantiate('capture-processor.js', 48000);
    send(p, { type: 'config', sampleRate: 16000, chunkSamples: 4000 });
    let n = 0;
    // A ramp: every third input sample must come out, interpolation exact on a line.
    for (let b = 0; b < 94; b++) p.process([[Float32Array.from({ length: 128 }, () => n++)]]);
    const out = chunks(p)[0] as Float32Array;
    expect(out).toHaveLength(4000);
    expect([...out].every((v, i) => Math.abs(v - i * 3) < 1e-3)).toBe(true);
  });

  it('upsamples 8 kHz to 16 kHz with interpolated midpoints', () => {
    const p = instantiate('capture-processor.js', 8000);
    send(p, { type: 'config', sampleRate: 16000, chunkSamples: 512 });
    let n = 0;
    for (let b = 0; b < 3; b++) p.process([[Float32Array.from({ length: 128 }, () => n++)]]);
    const out = chunks(p)[0] as Float32Array;
    expect([...out.slice(0, 6)]).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect([...out].every((v, i) => Math.abs(v - i / 2) < 1e-4)).toBe(true);
  });
});

describe('playback worklet', () => {
  const render = (p: Processor) => {
    const out = new Float32Array(128);
    p.process([], [[out]]);
    return out;
  };

  it('plays chunks back to back across render blocks and reports start and drain', () => {
    const p = instantiate('playback-processor.js', 16000);
    send(p, { type: 'config', sampleRate: 16000 });
    send(p, { type: 'buffer', samples: Float32Array.from({ length: 100 }, (_, i) => i) });
    send(p, { type: 'buffer', samples: Float32Array.from({ length: 100 }, (_, i) => 100 + i) });
    const first = render(p);
    expect([...first].every((v, i) => v === i)).toBe(true);
    expect(p.port.posted).toEqual([{ type: 'playing' }]);
    const second = render(p);
    expect([...second.slice(0, 72)].every((v, i) => v === 128 + i)).toBe(true);
    expect([...second.slice(72)].every((v) => v === 0)).toBe(true);
    expect(p.port.posted).toEqual([{ type: 'playing' }, { type: 'drained' }]);
  });

  it('drops the queue on clear', () => {
    const p = instantiate('playback-processor.js', 16000);
    send(p, { type: 'buffer', samples: new Float32Array(1000).fill(1) });
    render(p);
    send(p, { type: 'clear' });
    expect([...render(p)].every((v) => v === 0)).toBe(true);
  });

  it('resamples 16 kHz audio in a 48 kHz context', () => {
    const p = instantiate('playback-processor.js', 48000);
    send(p, { type: 'config', sampleRate: 16000 });
    send(p, { type: 'buffer', samples: Float32Array.from({ length: 64 }, (_, i) => i) });
    const out = render(p);
    expect(out[3]).toBeCloseTo(1);
    expect(out[4]).toBeCloseTo(4 / 3);
  });
});

describe('generated worklet modules', () => {
  it('hold the current worklet sources (run scripts/worklets.mjs after editing)', () => {
    const read = (f: string) => readFileSync(path.join(import.meta.dirname, f), 'utf8');
    expect(CAPTURE_PROCESSOR_SOURCE).toBe(read('capture-processor.js'));
    expect(PLAYBACK_PROCESSOR_SOURCE).toBe(read('playback-processor.js'));
  });
});

describe('loadWorklet', () => {
  const context = (fail: (url: string) => boolean) => {
    const tried: string[] = [];
    return {
      tried,
      ctx: {
        audioWorklet: {
          addModule: async (url: string) => {
            tried.push(url);
            if (fail(url)) throw new Error('refused');
          },
        },
      } as unknown as BaseAudioContext,
    };
  };

  it('tries the same-origin file first and stops there', async () => {
    const { ctx, tried } = context(() => false);
    await loadWorklet(ctx, 'capture', { capture: '/assets/capture-processor.js' });
    expect(tried).toEqual(['/assets/capture-processor.js']);
    await loadWorklet(ctx, 'capture');
    expect(tried).toHaveLength(1);
  });

  it('falls back to a blob URL, then a data URL, never a remote host', async () => {
    const { ctx, tried } = context((u) => !u.startsWith('data:'));
    await loadWorklet(ctx, 'playback');
    expect(tried[0]).toMatch(/playback-processor\.js$/);
    expect(tried[0]).toMatch(/^file:/);
    expect(tried[1]).toMatch(/^blob:/);
    expect(tried[2]).toMatch(/^data:application\/javascript;base64,/);
  });

  it("throws the spec's message when every candidate fails", async () => {
    const { ctx } = context(() => true);
    await expect(loadWorklet(ctx, 'capture')).rejects.toThrow(
      'Failed to load the fieldcraft-capture worklet module. Make sure the browser supports AudioWorklets.',
    );
    await expect(loadWorklet({} as BaseAudioContext, 'playback')).rejects.toMatchObject({
      name: 'VoiceClientError',
      code: 'WORKLET_LOAD_FAILED',
    });
  });
});
