/**
 * The lines of a step's output that name a failed test: vitest's "FAIL  file > test" and
 * Playwright's "1) [chromium] › file:line › test", without colours, each once. A CI log often keeps
 * only its last lines, so the summary repeats them there.
 */
export function failedTestLines(output) {
  const lines = new Set();
  for (const raw of output.split('\n')) {
    // eslint-disable-next-line no-control-regex
    const line = raw.replace(/\x1b\[[0-9;]*m/g, '').trim();
    const vitest = /(?:^|\s)FAIL\s+((?:\|\w+\| )?\S+\.(?:test|spec)\.\S+.*)$/.exec(line);
    const playwright = /^(?:[\w-]+:\s+)?\d+\)\s+((?:\[\w+\] › )?\S+\.spec\.\w+:\d+:\d+ › .*)$/.exec(
      line,
    );
    const name = vitest?.[1] ?? playwright?.[1];
    if (name) lines.add(name.replace(/\s+/g, ' ').slice(0, 160));
  }
  return [...lines];
}
