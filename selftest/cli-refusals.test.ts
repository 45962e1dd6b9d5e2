import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { runCli } from './support/cli.js';

/**
 * A target the suite cannot reach or cannot trust, and configuration it cannot take, get a
 * clear answer through the CLI: one sentence and the documented exit code, never a hang.
 */
describe('bad input gets a clear answer', () => {
  test('an unreachable target ends within 30 s with one sentence and exit code 3', async () => {
    const run = await runCli(['run', '--target', 'http://127.0.0.1:9']);
    expect(run.ms).toBeLessThan(30_000);
    expect(run.code).toBe(3);
    const output = `${run.stdout}${run.stderr}`.trim();
    expect(output.split('\n')).toHaveLength(1);
    expect(output).toMatch(/^The target http:\/\/127\.0\.0\.1:9\S* is unreachable: connection refused/);
  });

  test('a wrong profile value is refused with a sentence naming the key', async () => {
    const run = await runCli(['run', '--target', 'http://127.0.0.1:9'], { SMS_EDITION: 'enterprise' });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe('secure-messaging-conformance: The profile value "edition" (from SMS_EDITION) is "enterprise", but it must be one of securemail, direct.');
  });

  /** A server that answers the first `answered` requests with 404 and then never again. */
  async function silentAfter(answered: number): Promise<{ url: string; server: Server }> {
    let seen = 0;
    const server = createServer((req, res) => {
      seen += 1;
      if (seen <= answered) res.writeHead(404).end();
      // later requests are held open and never answered
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  test('a target that accepts connections but never answers is refused within 30 s, in one sentence', async () => {
    const { url, server } = await silentAfter(0);
    try {
      const run = await runCli(['run', '--target', url]);
      expect(run.ms).toBeLessThan(30_000);
      expect(run.code).toBe(3);
      expect(`${run.stdout}${run.stderr}`.trim()).toMatch(/^The target \S+ is unreachable: no answer within 5000 ms\./);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  test('a target that goes silent mid-run gets broken rules and NO VERDICT (exit 4) within a minute, not a hang', async () => {
    const { url, server } = await silentAfter(1);
    try {
      const run = await runCli(['run', '--target', url, '--area', 'token'], { SMS_REQUEST_TIMEOUT_MS: '1000' });
      expect(run.ms).toBeLessThan(60_000);
      expect(run.code).toBe(4);
      expect(run.stdout).toMatch(/NO VERDICT: every rule was broken/);
      const outcomes = new Set(run.summary().rules.map((r) => r.outcome));
      expect(outcomes.has('broken')).toBe(true);
      expect(outcomes.has('fail') || outcomes.has('pass')).toBe(false);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
