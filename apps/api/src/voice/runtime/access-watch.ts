import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../plugins/db';
import {
  readVoiceAccess,
  type VoiceAccessKey,
  type VoiceAccessState,
} from './voice-access.repository';

// A conversation's access is checked when it opens (auth.ts), and an open one keeps
// answering for up to 30 minutes. So every instance re-checks all of its open conversations
// every VOICE_ACCESS_CHECK_SECONDS in one query and ends those whose access ended. Polling the
// shared database is what every instance sees, on PostgreSQL and PGlite alike; LISTEN/NOTIFY
// would need a trigger per table and still a fallback for PGlite. docs/voice-runtime.md.

/** Close reasons the room chat shows (1008, voice-protocol.md §9: contract/auth). */
export const ACCESS_ENDED = {
  deactivated: 'Your account has been deactivated.',
  signedOut: 'You have been signed out. Sign in again to continue.',
  mustChangePassword: 'You must change your password before continuing.',
  room: 'Your access to this room has ended.',
  paused: 'This room has been paused; the conversation has ended.',
  inactive: 'This room is now inactive; the conversation has ended.',
} as const;

/**
 * Whether a conversation may go on, by the rules it was opened under (auth.ts): an active
 * account, a live session, no pending password change, and the room: the OWNER any room,
 * anyone else a LIVE room they are a member of. null: it may; otherwise the close.
 */
export function accessVerdict(state: VoiceAccessState): { code: number; reason: string } | null {
  const end = (reason: string) => ({ code: 1008, reason });
  if (!state.userActive) return end(ACCESS_ENDED.deactivated);
  if (!state.sessionValid) return end(ACCESS_ENDED.signedOut);
  if (state.mustChangePassword) return end(ACCESS_ENDED.mustChangePassword);
  if (state.roomStatus === null) return end(ACCESS_ENDED.room);
  if (state.role === 'OWNER') return null;
  if (!state.member) return end(ACCESS_ENDED.room);
  if (state.roomStatus === 'PAUSED') return end(ACCESS_ENDED.paused);
  if (state.roomStatus === 'INACTIVE') return end(ACCESS_ENDED.inactive);
  return null;
}

/** What the watch needs of a conversation (VoiceSession). */
export interface WatchedSession {
  /** null while not open (nothing to check yet, or already ending). */
  readonly accessKey: VoiceAccessKey | null;
  /** Ends the conversation with this close; false when it is already ending. */
  endForAccess(code: number, reason: string): boolean;
}

export class AccessWatch {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
    private readonly sessions: () => Iterable<WatchedSession>,
  ) {}

  start(): void {
    this.schedule();
  }

  /** Stops the checks and waits for one in flight (the database closes after this). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  // The next check is scheduled when this one is done: a slow database never piles them up.
  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.check().finally(() => {
        this.running = null;
        this.schedule();
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  /** One query for every open conversation of this instance (none: no query). */
  async check(): Promise<number> {
    const watched: { session: WatchedSession; key: VoiceAccessKey }[] = [];
    for (const session of this.sessions()) {
      const key = session.accessKey;
      if (key) watched.push({ session, key });
    }
    if (watched.length === 0) return 0;
    let states: VoiceAccessState[];
    try {
      states = await readVoiceAccess(
        this.db,
        watched.map((w) => w.key),
      );
    } catch (err) {
      // A database outage ends nobody's conversation; the next check tries again.
      this.log.warn({ err }, 'voice access check failed');
      return 0;
    }
    let ended = 0;
    watched.forEach(({ session }, i) => {
      const verdict = accessVerdict(states[i]!);
      if (verdict && session.endForAccess(verdict.code, verdict.reason)) {
        ended += 1;
        const { userId, roomId } = watched[i]!.key;
        this.log.info({ userId, roomId, reason: verdict.reason }, 'voice access ended');
      }
    });
    return ended;
  }
}
