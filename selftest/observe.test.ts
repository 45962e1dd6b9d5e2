import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { servedReference } from './support/reference.js';
import { profileThrough, startObserve } from '../cli/observe.js';
import { SummarySchema } from '../contract/summary.js';
import { newSharedState, runSession } from '../judge/deviant/run.js';
import { clientSwitches } from '../judge/deviant/switches.js';
import { startObserveProxy } from '../judge/observe/proxy.js';
import { Faults } from '../reference/faults.js';
import { TOKEN_TRAFFIC_FAULTS } from '../reference/token/faults.js';
import { runCli } from './support/cli.js';
import { start } from '../reference/server.js';

/**
 * observe (cli/observe.ts, judge/observe/*): the proxy passes every byte on untouched both ways
 * (checked with raw sockets on both sides: pipelined requests, odd header spelling, a chunked
 * answer), reads a copy into exchanges, survives garbage, a hang-up mid-body and an unreachable
 * upstream (one sentence each), speaks TLS upstream, and its judgement of a deviant client's
 * switch through it fails that rule, in a run's reports.
 */

/** A raw upstream: answers each request it reads with `answer(i)`, and keeps every byte it got. */
async function rawUpstream(answer: (i: number) => Buffer): Promise<{ server: Server; port: number; got: Buffer[] }> {
  const got: Buffer[] = [];
  const server = createServer((s: Socket) => {
    let seen = 0;
    let text = '';
    s.on('data', (c: Buffer) => {
      got.push(c);
      text += c.toString('latin1');
      // one answer per blank line that ends a head (the test's requests have no body but the last, sized)
      const heads = text.split('\r\n\r\n').length - 1;
      while (seen < heads) s.write(answer(seen++));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, got };
}

/** Sends `bytes` on a raw socket, reads until `until` says the answers are all in. */
function rawClient(port: number, bytes: Buffer[], until: (got: Buffer) => boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const s = connect(port, '127.0.0.1', () => {
      for (const b of bytes) s.write(b);
    });
    s.on('data', (c: Buffer) => {
      chunks.push(c);
      if (until(Buffer.concat(chunks))) s.end();
    });
    s.on('close', () => resolve(Buffer.concat(chunks)));
    s.on('error', reject);
  });
}

const hangUp = (port: number, bytes: string) =>
  new Promise<void>((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.write(bytes);
      setTimeout(() => s.destroy(), 30);
    });
    s.on('close', () => setTimeout(resolve, 30));
    s.on('error', () => undefined);
  });

describe('observe', () => {
  test('bytes in == bytes out, both ways; pipelined requests are paired with their answers', async () => {
    const answers = [
      Buffer.from('HTTP/1.1 200 OK\r\nX-Odd:   spaced  \r\ncontent-length: 7\r\n\r\n{"a":1}'),
      Buffer.from('HTTP/1.1 400 Bad\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n3\r\n{"e\r\n6;x=1\r\n":"no"\r\n1\r\n}\r\n0\r\nTrailer: t\r\n\r\n'),
      Buffer.from('HTTP/1.1 204 No Content\r\n\r\n'),
    ];
    const up = await rawUpstream((i) => answers[i]!);
    const proxy = await startObserveProxy({ upstream: `http://127.0.0.1:${up.port}` });
    const requests = [
      Buffer.from('GET /SecureMessagingAPI/Folders?x=%41 HTTP/1.1\r\nhOsT: odd\r\nX-Session-Key:  k1  \r\n\r\n'),
      Buffer.from('POST /Token HTTP/1.1\r\nHost: odd\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\n'.replace('\r\n\r\n', '\r\nContent-Length: 0\r\n\r\n')),
      Buffer.from('POST /x HTTP/1.1\r\nHost: odd\r\nContent-Length: 5\r\n\r\nh\u00e9'.replace('5', String(Buffer.byteLength('h\u00e9')))),
    ];
    const expected = Buffer.concat(answers);
    const back = await rawClient(new URL(proxy.url).port as unknown as number, requests, (got) => got.length >= expected.length);
    expect(back.equals(expected)).toBe(true);
    expect(Buffer.concat(up.got).equals(Buffer.concat(requests))).toBe(true);
    await proxy.close();
    up.server.close();
    expect(proxy.exchanges.map((x) => [x.method, x.url, x.status, x.answer])).toEqual([
      ['GET', '/SecureMessagingAPI/Folders?x=%41', 200, '{"a":1}'],
      ['POST', '/Token', 400, '{"e":"no"}'],
      ['POST', '/x', 204, ''],
    ]);
    expect(proxy.exchanges[0]!.headers['x-session-key']).toBe('k1');
    expect(proxy.exchanges[2]!.body).toBe('h\u00e9');
    expect(proxy.problems()).toEqual([]);
  });

  test('garbage, a hang-up mid-body and an unreachable upstream are one sentence each, and the bytes still pass', async () => {
    const up = await rawUpstream(() => Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'));
    const proxy = await startObserveProxy({ upstream: `http://127.0.0.1:${up.port}` });
    const port = Number(new URL(proxy.url).port);
    await hangUp(port, 'HELLO THERE\r\n\r\n');
    await hangUp(port, 'POST /Token HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"grant');
    await proxy.close();
    up.server.close();
    expect(Buffer.concat(up.got).toString()).toContain('HELLO THERE');
    expect(proxy.problems()).toEqual([expect.stringMatching(/^the client sent bytes that are not an HTTP\/1\.1 request \("HELLO THERE"\)/), 'the client hung up before the end of its request']);
    expect(proxy.exchanges.at(-1)).toMatchObject({ method: 'POST', url: '/Token', error: 'the client hung up before the end of its request' });

    const reports = mkdtempSync(join(tmpdir(), 'observe-dead-'));
    const lines: string[] = [];
    const dead = await startObserve({ upstream: 'http://127.0.0.1:9', reportsDir: reports, allure: false, log: (l) => lines.push(l) });
    await hangUp(Number(new URL(dead.url).port), 'GET /SecureMessagingAPI/Folders HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await dead.finish()).toBe(4);
    const summary = SummarySchema.parse(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')));
    expect(summary.judgement?.problems).toEqual([expect.stringMatching(/^the server at http:\/\/127\.0\.0\.1:9 did not answer \(ECONNREFUSED\)$/)]);
    expect(readFileSync(join(reports, 'allure-report', 'index.html'), 'utf8')).toContain('did not answer (ECONNREFUSED)');
  });

  test('an https upstream: TLS to the server, the bytes unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'observe-tls-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    } catch {
      return; // no openssl on this machine: nothing to make a certificate with
    }
    const cert = readFileSync(join(dir, 'cert.pem'));
    const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.method} ${req.url}`));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const proxy = await startObserveProxy({ upstream: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, ca: cert });
    const answer = await fetch(`${proxy.url}/Token?a=1`);
    expect(await answer.text()).toBe('GET /Token?a=1');
    await proxy.close();
    server.close();
    expect(proxy.exchanges[0]).toMatchObject({ method: 'GET', url: '/Token?a=1', status: 200, answer: 'GET /Token?a=1' });
  });

  describe('a client judged through observe, in front of the reference', () => {
    const ref = servedReference();

    test("a deviant client's switch fails its rule (exit 1), with the violating exchange and the spec words in a run's reports", async () => {
      const reports = mkdtempSync(join(tmpdir(), 'observe-judge-'));
      const observing = await startObserve({ upstream: ref().url, profile: ref().profile, reportsDir: reports, allure: false, log: () => undefined });
      const profile = { ...ref().profile, baseUrl: observing.url };
      const rule = 'messaging-soap.client.create-folder-soap-action';
      await runSession(profile, newSharedState(), 'soap', clientSwitches(profile).find((s) => s.rule === rule));
      expect(await observing.finish()).toBe(1);
      const summary = SummarySchema.parse(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')));
      const failed = summary.rules.find((r) => r.id === rule)!;
      expect(failed.outcome).toBe('fail');
      expect(failed.reason).toMatch(/SOAPAction is .* POST \/cmv4\/cmv4\.asmx/);
      expect(summary.judgement?.operations.exercised).toContain('messaging-soap.Logon');
      // the answers of a conforming server keep the server rules traffic can judge
      expect(summary.rules.find((r) => r.id === 'messaging-soap.schema.get-folder-list')?.outcome).toBe('pass');
      expect(summary.verdict?.exitCode).toBe(1);
      expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toContain(`[${rule}]`);
      const page = readFileSync(join(reports, 'allure-report', 'index.html'), 'utf8');
      expect(page).toContain(rule);
      expect(page).toContain('in quotes');
      // the secrets of the recording are not in the reports
      expect(readFileSync(join(reports, 'summary.json'), 'utf8')).not.toContain(ref().profile.accounts?.primary?.password ?? 'no password');
    }, 60_000);

    test('a server answering against a schema fails the server rule traffic judges it by (its reference fault)', async () => {
      const faulty = await start({ faults: Faults.fromEnv({ REFERENCE_FAULTS: 'messaging-soap.schema.get-folder-list.result-name' }) });
      try {
        const reports = mkdtempSync(join(tmpdir(), 'observe-server-'));
        const observing = await startObserve({ upstream: faulty.url, profile: faulty.profile, reportsDir: reports, allure: false, log: () => undefined });
        await runSession({ ...faulty.profile, baseUrl: observing.url }, newSharedState(), 'soap', undefined).catch(() => undefined);
        expect(await observing.finish()).toBe(1);
        const summary = SummarySchema.parse(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')));
        const failed = summary.rules.find((r) => r.id === 'messaging-soap.schema.get-folder-list')!;
        expect(failed.outcome).toBe('fail');
        expect(failed.reason).toMatch(/GetFolderList success answer is not valid/);
        expect(summary.rules.filter((r) => r.outcome === 'fail').map((r) => r.id)).toEqual(['messaging-soap.schema.get-folder-list']);
      } finally {
        await faulty.close();
      }
    }, 60_000);

    /** The token rules' traffic through observe, in front of a reference with `faults` on: observe's summary. */
    const tokenTrafficThrough = async (faults: readonly string[], rules: string[]) => {
      const faulty = await start({ faults: Faults.fromEnv({ REFERENCE_FAULTS: faults.join(',') }) });
      try {
        const dir = mkdtempSync(join(tmpdir(), 'observe-token-'));
        const observing = await startObserve({ upstream: faulty.url, profile: faulty.profile, reportsDir: join(dir, 'observe'), allure: false, log: () => undefined });
        writeFileSync(join(dir, 'through.json'), JSON.stringify(profileThrough(faulty.profile, faulty.url, observing.url)), { mode: 0o600 });
        // the token rules' own verdicts do not matter here: what they send draws the §7.1 errors
        await runCli(['run', '--no-allure', '--seed', '7', '--profile', join(dir, 'through.json'), ...rules], { SMS_SHRINK: 'off', SMS_PROPERTY_RUNS: '5' });
        expect(await observing.finish()).toBe(1);
        return SummarySchema.parse(JSON.parse(readFileSync(join(dir, 'observe', 'summary.json'), 'utf8')));
      } finally {
        await faulty.close();
      }
    };

    test("a server answering a §7.1 error with a status §7.1 does not list it under fails that error's traffic rule (each name its reference fault), judged on the token rules' traffic", async () => {
      // InvalidCredentials answered 400 would stop the lockout rule before AccountLockedOut: its fault is shown on its own
      const alone = TOKEN_TRAFFIC_FAULTS.find((f) => f.rule === 'token.traffic.invalid-credentials-status')!;
      const together = TOKEN_TRAFFIC_FAULTS.filter((f) => f !== alone);
      const outcomes = (summary: { rules: Array<{ id: string; outcome: string }> }, faults: typeof TOKEN_TRAFFIC_FAULTS) => faults.map((f) => `${f.rule}: ${summary.rules.find((r) => r.id === f.rule)?.outcome}`);
      const many = await tokenTrafficThrough(together.map((f) => f.id), ['--area', 'token']);
      expect(outcomes(many, together)).toEqual(together.map((f) => `${f.rule}: fail`));
      const one = await tokenTrafficThrough([alone.id], ['--rule', 'token.credentials.invalid']);
      expect(outcomes(one, [alone])).toEqual([`${alone.rule}: fail`]);
      expect(one.rules.find((r) => r.id === alone.rule)?.reason).toMatch(/names InvalidCredentials with HTTP 400; §7\.1 lists it under 401/);
    }, 240_000);
  });
});
