import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { describe, expect, test } from 'vitest';
import { servedReference } from './support/reference.js';
import { SummarySchema } from '../contract/summary.js';
import { KEPT_BODY_BYTES } from '../judge/bad-input.js';
import { FINISH_PATH, judgeTraffic } from '../judge/serve-judge.js';

/**
 * Bad input to `serve --judge` (judge/bad-input.ts): bytes that are not HTTP, a broken JSON body,
 * an XML body with an entity bomb and one nested past any parser's depth, a client that hangs up
 * mid-body, a body over the size the judge keeps. The front keeps answering, the judge writes its
 * report, and each bad input ends as one sentence there: a problem of the recording, or a rule's
 * one-line reason. Never a crash.
 */

/** Writes raw bytes on a fresh connection, optionally hanging up before the server answers; resolves when the connection is closed. */
function raw(url: string, bytes: string, hangUp: boolean): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve) => {
    let got = '';
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(bytes);
      if (hangUp) setTimeout(() => socket.destroy(), 50);
      else socket.end();
    });
    socket.on('data', (d) => (got += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => setTimeout(() => resolve(got), 20));
  });
}

const BOMB = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Logon xmlns="https://ssl.certifiedmail.com/CMv4"><UserIDorEmail>&lol9;</UserIDorEmail><Password>x</Password></Logon></soap:Body></soap:Envelope>`;
const DEEP = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Logon xmlns="https://ssl.certifiedmail.com/CMv4">${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</Logon></soap:Body></soap:Envelope>`;

describe('serve --judge given bad input', () => {
  const ref = servedReference();

  test('garbage, broken JSON, an XML bomb, a hang-up mid-body and a huge body: each one sentence in the report, the judge neither crashes nor stops answering', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'judge-bad-'));
    const lines: string[] = [];
    const front = await judgeTraffic({ upstream: ref().url, profile: ref().profile, reportsDir: reports, log: (l) => lines.push(l) });
    const soap = (body: string) => fetch(`${front.url}/cmv4/cmv4.asmx`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"https://ssl.certifiedmail.com/CMv4/Logon"' }, body });

    // not HTTP at all: the front's HTTP server refuses the bytes; the recording says so
    await raw(front.url, '\u0000\u0001\u0002 GARBAGE \u00ff\r\n\r\n', false);
    // a broken JSON body, passed on: the server refuses it; the rules judging that body say why
    const broken = await fetch(`${front.url}/SecureMessagingAPI/Account/LogOn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"UserIdOrEmail": "a", "Password": ' });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    // an entity bomb and a document nested 50 000 deep: refused (SOAP 1.1 §3 forbids a DTD), judged without expanding anything
    expect((await soap(BOMB)).status).toBeGreaterThanOrEqual(400);
    expect((await soap(DEEP)).status).toBeGreaterThanOrEqual(400);
    // a client that hangs up mid-body
    await raw(front.url, 'POST /SecureMessagingAPI/Account/LogOn HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"UserIdOrEmail', true);
    // a body four times what the judge keeps: the server still answers (it refuses a body that large)
    const huge = await fetch(`${front.url}/SecureMessagingAPI/Account/LogOn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"UserIdOrEmail": "${'x'.repeat(4 * KEPT_BODY_BYTES)}", "Password": "p"}` });
    expect(huge.status).toBe(400);
    // and the front still serves a plain request after all that
    expect((await fetch(`${front.url}/cmv4/cmv4.asmx?WSDL`)).status).toBe(200);

    await fetch(`${front.url}${FINISH_PATH}`, { method: 'POST' });
    const code = await front.done;
    expect([0, 1, 4]).toContain(code);
    const summary = SummarySchema.parse(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')));
    const judgement = JSON.parse(readFileSync(join(reports, 'client-judgement.json'), 'utf8')) as { problems: string[]; exchanges: number };
    const verdictText = readFileSync(join(reports, 'client-verdict.txt'), 'utf8');

    // the recording's problems: the garbage, the hang-up, the huge body, one sentence each
    expect(judgement.problems).toEqual([
      expect.stringMatching(/a request the judge could not read\): the bytes the client sent are not an HTTP\/1\.1 request/),
      expect.stringMatching(/POST \/SecureMessagingAPI\/Account\/LogOn\): the client hung up before the end of its request body$/),
      expect.stringMatching(new RegExp(`POST /SecureMessagingAPI/Account/LogOn\\): the request body is \\d+ bytes, over the ${KEPT_BODY_BYTES} the judge keeps`)),
    ]);
    for (const p of judgement.problems) expect(verdictText).toContain(`INPUT ${p}`);
    expect(judgement.problems.every((p) => !p.includes('\n'))).toBe(true);

    // the broken JSON and the XML bodies: judged by the rules that read them, each failure one line with why
    const failed = summary.rules.filter((r) => r.outcome === 'fail');
    expect(failed.map((r) => r.reason).filter((why) => !why || why.includes('\n'))).toEqual([]);
    const reasons = failed.map((r) => r.reason!).join('\n');
    expect(reasons).toMatch(/POST \/SecureMessagingAPI\/Account\/LogOn/);
    expect(reasons).toMatch(/document type declaration|not XML/);
    expect(reasons).toMatch(/Maximum nested tags|not XML/);
    // no rule was defeated by the recording (a `problem` would say the judge could not read it)
    expect(summary.rules.filter((r) => /could not read the recording/.test(r.reason ?? '')).map((r) => r.id)).toEqual([]);
    expect(lines.join('\n')).toMatch(/Client reports written to/);
  }, 60_000);
});
