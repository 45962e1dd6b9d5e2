import { describe, expect, test } from 'vitest';
import { COMMANDS } from '../cli/usage.js';
import { runNode } from './support/cli.js';

/** Every subcommand answers --help and -h with its usage and exit codes, and exits 0. */

const BIN = 'bin/secure-messaging-conformance.mjs';

describe('every subcommand answers --help', () => {
  const commands = Object.keys(COMMANDS);

  test('the commands are the ones main dispatches', () => {
    expect(commands.sort()).toEqual(['bundle', 'compare', 'diff', 'discover', 'merge', 'observe', 'report', 'run', 'serve', 'verify']);
  });

  test('<command> --help, <command> -h and help <command>: exit 0, a usage line naming the command, its exit codes', { timeout: 240_000 }, async () => {
    const asks = [...commands.flatMap((c) => [[c, '--help'], [c, '-h']]), ['help', 'discover'], ['help', 'run']];
    // three at a time: the machine running the self-tests is small and shared
    const results: Awaited<ReturnType<typeof runNode>>[] = [];
    for (let i = 0; i < asks.length; i += 3) results.push(...(await Promise.all(asks.slice(i, i + 3).map((args) => runNode([BIN, ...args], {}, 60_000)))));
    results.forEach((r, i) => {
      const command = asks[i]![0] === 'help' ? asks[i]![1]! : asks[i]![0]!;
      const what = asks[i]!.join(' ');
      expect(r.code, `${what}: ${r.stderr}`).toBe(0);
      expect(r.stdout.split('\n')[0], what).toMatch(new RegExp(`^Usage: secure-messaging-conformance ${command} `));
      expect(r.stdout, what).toMatch(/\nExit codes: 0 /);
    });
  });

  test('--help after other options still answers it; an unknown command is refused with exit 2, even with --help', { timeout: 60_000 }, async () => {
    const [late, unknown] = await Promise.all([runNode([BIN, 'discover', '--out', 'x.json', '--help']), runNode([BIN, 'bogus', '--help'])]);
    expect(late.code).toBe(0);
    expect(late.stdout).toMatch(/^Usage: secure-messaging-conformance discover /);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown command "bogus"; use run, serve, .* \(each answers --help\)/);
  });
});
