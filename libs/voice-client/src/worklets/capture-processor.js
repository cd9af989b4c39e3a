/* global AudioWorkletProcessor, registerProcessor, sampleRate */
// Microphone capture: resample to the protocol's input rate when the context could not open at
// it, and hand out exact fixed-size chunks (no sample dropped or repeated across chunk or block
// boundaries). Encoding happens on the main thread, where it is tested once.
class FieldcraftCaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.chunk = null;
    this.filled = 0;
    this.muted = false;
    this.step = 1;
    this.pos = 0;
    this.last = 0;
    this.port.onmessage = (event) => {
      const data = event.data;
      if (data.type === 'config') {
        this.step = sampleRate / data.sampleRate;
        this.chunk = new Float32Array(data.chunkSamples);
        this.filled = 0;
        this.pos = 0;
      } else if (data.type === 'mute') {
        this.muted = data.muted;
      } else if (data.type === 'flush' && this.chunk && this.filled > 0) {
        this.emit(this.chunk.slice(0, this.filled));
        this.filled = 0;
      }
    };
  }

  push(value) {
    this.chunk[this.filled++] = this.muted ? 0 : value;
    if (this.filled === this.chunk.length) {
      const full = this.chunk;
      this.chunk = new Float32Array(full.length);
      this.filled = 0;
      this.emit(full);
    }
  }

  emit(samples) {
    this.port.postMessage({ type: 'chunk', samples }, [samples.buffer]);
  }

  process(inputs) {
    const input = inputs[0] && inputs[0][0];
    if (!this.chunk || !input) return true;
    const n = input.length;
    if (this.step === 1) {
      for (let i = 0; i < n; i++) this.push(input[i]);
      return true;
    }
    // Linear interpolation; pos is the next output's position in this block, where -1 is the
    // previous block's last sample, so interpolation spans block boundaries.
    let pos = this.pos;
    while (pos < n - 1) {
      const i = Math.floor(pos);
      const frac = pos - i;
      const a = i < 0 ? this.last : input[i];
      const b = input[i + 1];
      this.push(a + (b - a) * frac);
      pos += this.step;
    }
    this.pos = pos - n;
    this.last = input[n - 1];
    return true;
  }
}

registerProcessor('fieldcraft-capture', FieldcraftCaptureProcessor);
