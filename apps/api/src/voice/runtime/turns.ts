// Agent turns and event ids (voice-protocol.md §6): one turn speaks at a time, answers replace a
// running turn, notices queue behind it, and a barge-in stops whatever is still speaking.

/** One agent turn. */
export interface Turn {
  /** 0 until the turn sends its first frame (see Turns.idOf). */
  id: number;
  /** Whether anything of this turn has gone out (text, audio or a tool call). */
  spoke: boolean;
  abort: AbortController;
  done: Promise<void>;
  finished: boolean;
}

/** What the turns need of their session. */
export interface TurnHost {
  isOpen(): boolean;
  send(frame: Record<string, unknown>): void;
  /** A turn threw: log it and close with 1011. */
  fail(err: unknown): void;
  /** Aborted when the session ends; every turn stops with it. */
  lifetime: AbortSignal;
}

export class Turns {
  private lastEventId = 0;
  private turn: Turn | null = null;
  /** When the audio sent so far has finished playing at the client (ms since the epoch). */
  private playbackEndsAt = 0;

  constructor(private readonly host: TurnHost) {}

  /** The next event id; user transcripts, pings and interruptions draw from it too. */
  nextId(): number {
    this.lastEventId += 1;
    return this.lastEventId;
  }

  /**
   * A turn's event id, drawn when it first sends something: larger than every id sent before
   * it (a ping sent while the advisor thinks included), shared by all of the turn's frames.
   */
  idOf(turn: Turn): number {
    if (turn.id === 0) turn.id = this.nextId();
    return turn.id;
  }

  /** Whether a turn is still running. */
  get busy(): boolean {
    return this.turn !== null && !this.turn.finished;
  }

  /** When the agent's audio ends playing (0 when nothing was sent or it was interrupted). */
  get playbackEnd(): number {
    return this.playbackEndsAt;
  }

  /** Counts `ms` of audio just sent: it plays after what was sent before. */
  played(ms: number): void {
    this.playbackEndsAt = Math.max(Date.now(), this.playbackEndsAt) + ms;
  }

  /** Barge-in (§6): stop the agent's turn if its audio is still produced or playing. */
  interruptIfSpeaking(): void {
    const turn = this.turn;
    const active = turn !== null && !turn.finished;
    const playing = Date.now() < this.playbackEndsAt;
    if (!active && !playing) return;
    turn?.abort.abort();
    this.playbackEndsAt = 0;
    // A turn that has sent nothing yet is dropped silently: there is nothing to interrupt.
    if (playing || turn?.spoke) {
      this.host.send({ type: 'interruption', interruption_event: { event_id: this.nextId() } });
    }
  }

  /**
   * Runs an agent turn with a fresh event id after the previous one has stopped. `exclusive`
   * turns (answers) replace a running one; notices queue behind it.
   */
  start(run: (turn: Turn) => Promise<void>, exclusive = true): void {
    const { host } = this;
    const previous = this.turn;
    if (exclusive && previous && !previous.finished) previous.abort.abort();
    const abort = new AbortController();
    const onEnd = () => abort.abort();
    host.lifetime.addEventListener('abort', onEnd, { once: true });
    const turn: Turn = { id: 0, spoke: false, abort, done: Promise.resolve(), finished: false };
    turn.done = (async () => {
      await previous?.done;
      if (abort.signal.aborted || !host.isOpen()) return;
      try {
        await run(turn);
      } catch (err) {
        if (!abort.signal.aborted) host.fail(err);
      }
    })().finally(() => {
      turn.finished = true;
      host.lifetime.removeEventListener('abort', onEnd);
    });
    this.turn = turn;
  }
}
