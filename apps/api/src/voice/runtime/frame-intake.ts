import type { RawData } from 'ws';

// Every frame from the client passes here first (voice-protocol.md §1, docs/voice-runtime.md
// "Limits"): its size, the message rate (a token bucket), then JSON text holding one object.

export interface IntakeLimits {
  maxFrameBytes: number;
  maxMessagesPerSecond: number;
}

/** A frame's verdict: the object it holds, or the close it earns. */
export type Intake =
  { frame: Record<string, unknown> } | { refusal: { code: number; reason: string } };

const refuse = (code: number, reason: string): Intake => ({ refusal: { code, reason } });

export class FrameIntake {
  private tokens: number;
  private tokensAt = Date.now();

  constructor(private readonly limits: IntakeLimits) {
    this.tokens = limits.maxMessagesPerSecond * 2;
  }

  accept(data: RawData, isBinary: boolean): Intake {
    const { limits } = this;
    const size = Array.isArray(data)
      ? data.reduce((n, b) => n + b.length, 0)
      : (data as Buffer | ArrayBuffer).byteLength;
    if (size > limits.maxFrameBytes) {
      return refuse(1009, `Frame too large (limit ${limits.maxFrameBytes} bytes)`);
    }
    const now = Date.now();
    this.tokens = Math.min(
      limits.maxMessagesPerSecond * 2,
      this.tokens + ((now - this.tokensAt) * limits.maxMessagesPerSecond) / 1000,
    );
    this.tokensAt = now;
    if (this.tokens < 1) {
      return refuse(1008, `Too many messages (limit ${limits.maxMessagesPerSecond} per second)`);
    }
    this.tokens -= 1;
    if (isBinary) return refuse(1008, 'Binary frames are not supported; send JSON text frames');
    let frame: unknown;
    try {
      frame = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
    } catch {
      return refuse(1008, 'Invalid JSON');
    }
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
      return refuse(1008, 'Every frame must be a JSON object');
    }
    return { frame: frame as Record<string, unknown> };
  }
}
