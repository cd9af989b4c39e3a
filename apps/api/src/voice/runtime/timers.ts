// A session's timers (voice-protocol.md §7, §9): keep-alive pings, the idle timeout and the
// maximum duration. All of them stop together when the session ends.

/** setTimeout/setInterval that can all be cleared at once. */
export class Timers {
  private readonly timers = new Set<NodeJS.Timeout>();

  every(ms: number, fn: () => void): void {
    this.timers.add(setInterval(fn, ms));
  }

  after(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  clear(): void {
    for (const t of this.timers) {
      clearTimeout(t);
      clearInterval(t);
    }
    this.timers.clear();
  }
}

export interface TimerLimits {
  pingIntervalMs: number;
  maxMissedPings: number;
  idleTimeoutMs: number;
  maxDurationMs: number;
}

/** What the timers need of their session. */
export interface TimerHost {
  isOpen(): boolean;
  send(frame: Record<string, unknown>): void;
  close(code: number, reason: string, errorEvent?: boolean): void;
  nextId(): number;
  /** Whether an agent turn is running (the conversation is not idle then). */
  busy(): boolean;
  /** The later of the user's last input and the end of the agent's audio. */
  lastActivity(): number;
}

export class KeepAlive {
  private readonly pending = new Map<number, number>();
  private pingMs: number | null = null;

  constructor(
    private readonly host: TimerHost,
    private readonly maxMissed: number,
  ) {}

  ping(): void {
    const { host } = this;
    if (!host.isOpen()) return;
    if (this.pending.size >= this.maxMissed) {
      host.close(1002, 'The client stopped answering pings');
      return;
    }
    const id = host.nextId();
    this.pending.set(id, Date.now());
    host.send({ type: 'ping', ping_event: { event_id: id, ping_ms: this.pingMs } });
  }

  /** A pong answers its ping and every earlier one; an unknown id is ignored (§7). */
  pong(eventId: number): void {
    const sentAt = this.pending.get(eventId);
    if (sentAt === undefined) return;
    this.pingMs = Date.now() - sentAt;
    for (const id of [...this.pending.keys()]) if (id <= eventId) this.pending.delete(id);
  }
}

/** Starts the pings, the idle check and the maximum-duration stop of an open conversation. */
export function startSessionTimers(
  timers: Timers,
  limits: TimerLimits,
  host: TimerHost,
  keepAlive: KeepAlive,
): void {
  timers.after(Math.min(1000, limits.pingIntervalMs), () => {
    keepAlive.ping();
    timers.every(limits.pingIntervalMs, () => keepAlive.ping());
  });
  timers.every(Math.max(20, Math.min(1000, limits.idleTimeoutMs / 4)), () => {
    if (!host.isOpen() || host.busy()) return;
    if (Date.now() - host.lastActivity() >= limits.idleTimeoutMs) host.close(1002, 'Idle timeout');
  });
  timers.after(limits.maxDurationMs, () => {
    if (!host.isOpen()) return;
    host.send({
      type: 'error',
      error_event: {
        code: 1000,
        error_type: 'max_duration_exceeded',
        message: 'The conversation reached its maximum duration',
        reason: 'max_duration_exceeded',
      },
    });
    host.close(1000, 'Maximum conversation duration reached', false);
  });
}
