import { readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';

/**
 * The CPU a self-test file costs, its suite runs included: the process's own time and that of
 * the children it waited for (the CLI runs it starts), read from /proc (Linux; elsewhere
 * nothing is measured). The closing line (closing-line.ts) lists the costliest files, so the
 * next change to `npm test`'s time starts from figures, not guesses.
 */
declare module 'vitest' {
  interface TaskMeta {
    /** CPU ms the file took (set when it ends) */
    cpuMs?: number;
    /** the process's CPU ms when the file started */
    cpuAtStartMs?: number;
  }
}

function cpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // the fields after the command's closing parenthesis; utime, stime, cutime, cstime are 14-17,
    // in clock ticks (USER_HZ, 100 a second on Linux)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10;
  } catch {
    return undefined;
  }
}

beforeAll(({}, suite) => {
  suite.meta.cpuAtStartMs = cpuMs();
});
afterAll(({}, suite) => {
  const [start, end] = [suite.meta.cpuAtStartMs, cpuMs()];
  if (start !== undefined && end !== undefined) suite.meta.cpuMs = end - start;
});
