/* global AudioWorkletProcessor, registerProcessor, sampleRate */
// Agent audio playback: chunks play back-to-back from a queue, a render block may span chunks, so
// nothing is clipped at chunk or turn boundaries. Reports when it starts and when it drains.
class FieldcraftPlaybackProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.queue = [];
    this.current = null;
    this.offset = 0;
    this.step = 1;
    this.playing = false;
    this.port.onmessage = (event) => {
      const data = event.data;
      if (data.type === 'config') {
        this.step = data.sampleRate / sampleRate;
      } else if (data.type === 'buffer') {
        this.queue.push(data.samples);
      } else if (data.type === 'clear') {
        this.queue = [];
        this.current = null;
        this.offset = 0;
      }
    };
  }

  process(_inputs, outputs) {
    const channels = outputs[0];
    const out = channels && channels[0];
    if (!out) return true;
    let written = 0;
    while (written < out.length) {
      if (!this.current) {
        this.current = this.queue.shift() || null;
        if (!this.current) break;
      }
      const cur = this.current;
      if (this.step === 1) {
        const n = Math.min(out.length - written, cur.length - this.offset);
        out.set(cur.subarray(this.offset, this.offset + n), written);
        written += n;
        this.offset += n;
      } else {
        const i = Math.floor(this.offset);
        const frac = this.offset - i;
        const a = cur[i];
        const b = i + 1 < cur.length ? cur[i + 1] : a;
        out[written++] = a + (b - a) * frac;
        this.offset += this.step;
      }
      if (this.offset >= cur.length) {
        this.offset -= cur.length;
        this.current = null;
      }
    }
    for (let c = 1; c < channels.length; c++) channels[c].set(out);
    if (written > 0 && !this.playing) {
      this.playing = true;
      this.port.postMessage({ type: 'playing' });
    }
    if (this.playing && !this.current && this.queue.length === 0) {
      this.playing = false;
      this.port.postMessage({ type: 'drained' });
    }
    return true;
  }
}

registerProcessor('fieldcraft-playback', FieldcraftPlaybackProcessor);
