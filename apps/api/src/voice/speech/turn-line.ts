// One job at a time, in the order they came: a recognition worker decodes one utterance at a
// time, and so does a preparation thread. Jobs wait here, on the Node side, so one whose
// signal is aborted while it waits (speech went on after a pause, the session ended) leaves at
// once and never runs.

/** Resolves with `before`, or rejects with the signal's reason as soon as it is aborted. */
function untilTurn(before: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return before;
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    void before.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

export class TurnLine {
  /** Settles when every job so far has finished or left. */
  private last: Promise<void> = Promise.resolve();
  private count = 0;

  /** Jobs waiting or running. */
  get pending(): number {
    return this.count;
  }

  /** Runs `job` once every job before it is done; rejects without running it if aborted first. */
  async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const before = this.last;
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    // The next job waits for this one and for every one before it.
    this.last = before.then(() => mine);
    this.count++;
    try {
      await untilTurn(before, signal);
      return await job();
    } finally {
      this.count--;
      done();
    }
  }
}
