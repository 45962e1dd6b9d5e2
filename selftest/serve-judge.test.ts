import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { describe, expect, test } from 'vitest';
import { servedReference } from './support/reference.js';
import { SummarySchema } from '../contract/summary.js';
import { newSharedState, runSession } from '../judge/deviant/run.js';
import { clientSwitches } from '../judge/deviant/switches.js';
import { FINISH_PATH, judgeTraffic } from '../judge/serve-judge.js';
import { startRecorder } from '../judge/recorder.js';

/**
 * `serve --judge` (judge/serve-judge.ts) in-process: a client's traffic through the recording
 * front is judged when it asks to finish, into a run-shaped summary.json with a run's exit code;
 * a client that hangs up mid-body or an upstream that does not answer is a recorded sentence,
 * never a crash of the judge.
 */
describe('serve --judge', () => {
  const ref = servedReference();

  const judged = async (session: 'rest' | 'soap', switchRule?: string) => {
    const reports = mkdtempSync(join(tmpdir(), 'judge-'));
    const lines: string[] = [];
    const front = await judgeTraffic({ upstream: ref().url, profile: ref().profile, reportsDir: reports, log: (l) => lines.push(l) });
    const profile = { ...ref().profile, baseUrl: front.url };
    const sw = switchRule ? clientSwitches(profile).find((s) => s.rule === switchRule) : undefined;
    await runSession(profile, newSharedState(), session, sw);
    await fetch(`${front.url}${FINISH_PATH}`, { method: 'POST' });
    const code = await front.done;
    return { code, lines, summary: SummarySchema.parse(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8'))), coverage: JSON.parse(readFileSync(join(reports, 'client-judgement.json'), 'utf8')) as { operations: { exercised: string[]; notExercised: string[] } } };
  };

  test('a conforming client conforms (exit 0); the rules it never exercised and the operations it never called are listed', async () => {
    const { code, summary, coverage } = await judged('rest');
    expect(code).toBe(0);
    expect(summary.verdict?.kind).toBe('CONFORMS');
    expect(summary.rules.find((r) => r.id === 'messaging-rest.client.key-issued-first')?.outcome).toBe('pass');
    expect(summary.rules.find((r) => r.id === 'messaging-soap.client.logon-headers')?.reason).toMatch(/not exercised/);
    expect(coverage.operations.exercised).toContain('messaging-rest.SearchInbox');
    expect(coverage.operations.notExercised).toContain('messaging-soap.Logon');
  }, 60_000);

  test('a client breaking a must-level rule does not conform (exit 1): the violating request and the spec words are in the summary', async () => {
    const { code, summary } = await judged('soap', 'messaging-soap.client.create-folder-soap-action');
    expect(code).toBe(1);
    const failed = summary.rules.find((r) => r.id === 'messaging-soap.client.create-folder-soap-action')!;
    expect(failed.outcome).toBe('fail');
    expect(failed.reason).toMatch(/SOAPAction is .* POST \/cmv4\/cmv4\.asmx/);
    expect(failed.sentence).toContain('in quotes');
  }, 60_000);

  test('a client hanging up mid-body and an upstream that does not answer are recorded with why', async () => {
    const dead = await startRecorder('http://127.0.0.1:9', { finishPath: FINISH_PATH, onFinish: () => undefined });
    const answer = await fetch(`${dead.url}/Token`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(502);
    await new Promise<void>((resolve) => {
      const url = new URL(dead.url);
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write('POST /Token HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"grant');
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => setTimeout(resolve, 50));
    });
    await dead.close();
    expect(dead.exchanges.map((x) => x.error)).toEqual([expect.stringMatching(/did not answer/), expect.stringMatching(/hung up/)]);
  });
});
