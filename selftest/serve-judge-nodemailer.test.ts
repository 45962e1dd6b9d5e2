import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, test } from 'vitest';
import { servedReference } from './support/reference.js';
import { SummarySchema } from '../contract/summary.js';
import { FINISH_PATH, judgeTraffic } from '../judge/serve-judge.js';
import { SMTP_CLIENT_RULES } from '../specs/smtp/client.rules.js';

/**
 * nodemailer (from npm) sending through the reference's SMTP gateway while `serve --judge`
 * records the gateway's sessions (reference/smtp/tap.ts): with its defaults (STARTTLS when
 * offered, AUTH PLAIN) and with AUTH LOGIN and TLS required, it passes every SMTP client rule
 * it exercises; a nodemailer told to ignore TLS sends AUTH in clear and fails the TLS rule, and
 * one sending from an address the company's whitelist leaves out gets the whitelist warning.
 */
describe('nodemailer judged by serve --judge', () => {
  const ref = servedReference();

  const judged = async (send: (creds: { user: string; pass: string }) => Promise<void>) => {
    const reports = mkdtempSync(join(tmpdir(), 'judge-nodemailer-'));
    const front = await judgeTraffic({ upstream: ref().url, profile: ref().profile, reportsDir: reports, recordSmtp: (sink) => ref().recordSmtp(sink), log: () => undefined });
    const { userId, password } = ref().state.smtp.credentials(ref().profile.companies!.primary!);
    await send({ user: userId, pass: password });
    const secrets = [password, Buffer.from(`\u0000${userId}\u0000${password}`).toString('base64'), Buffer.from(password).toString('base64')];
    await fetch(`${front.url}${FINISH_PATH}`, { method: 'POST' });
    const code = await front.done;
    const summary = SummarySchema.parse(JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')));
    const judgement = JSON.parse(readFileSync(join(reports, 'client-judgement.json'), 'utf8')) as { operations: { exercised: string[] } };
    // the gateway's recording withholds every credential: none reaches a report
    for (const f of ['summary.json', 'client-judgement.json', 'client-verdict.txt']) for (const secret of secrets) expect(readFileSync(join(reports, f), 'utf8')).not.toContain(secret);
    return { code, summary, judgement, smtp: summary.rules.filter((r) => r.interface === 'smtp') };
  };
  const mail = (to: string) => ({ from: ref().profile.accounts!.peer!.email, to, subject: 'judged by the gateway', text: 'plain text\r\nover TLS\r\n' });
  const transport = (creds: { user: string; pass: string }, extra: Record<string, unknown> = {}) =>
    nodemailer.createTransport({ host: ref().smtp.host, port: ref().smtp.port, secure: false, auth: creds, tls: { rejectUnauthorized: false }, ...extra });

  test('with its defaults and with AUTH LOGIN over required TLS, every SMTP client rule passes', async () => {
    const { code, summary, judgement, smtp } = await judged(async (creds) => {
      const to = ref().profile.accounts!.primary!.email;
      const plain = transport(creds);
      await plain.sendMail(mail(to));
      plain.close();
      const login = transport(creds, { requireTLS: true, authMethod: 'LOGIN' });
      await login.sendMail(mail(to));
      login.close();
    });
    expect(smtp.map((r) => [r.id, r.outcome])).toEqual(SMTP_CLIENT_RULES.map((r) => [r.id, 'pass']));
    expect(summary.rules.filter((r) => r.outcome === 'fail')).toEqual([]);
    expect(judgement.operations.exercised).toContain('smtp.Deliver');
    expect(code).toBe(0);
  }, 60_000);

  test('a nodemailer told to ignore STARTTLS sends AUTH in clear: the TLS rule fails with that exchange', async () => {
    const { code, smtp } = await judged(async (creds) => {
      const clear = transport(creds, { ignoreTLS: true });
      await expect(clear.sendMail(mail(ref().profile.accounts!.primary!.email))).rejects.toThrow();
      clear.close();
    });
    const tls = smtp.find((r) => r.id === 'smtp.client.starttls-before-auth')!;
    expect(tls.outcome).toBe('fail');
    expect(tls.reason).toMatch(/AUTH was sent in clear/);
    expect(code).toBe(1);
  }, 60_000);

  test("a nodemailer sending from an address the company's whitelist leaves out: the gateway's refusal is the whitelist rule's warning (should)", async () => {
    const company = ref().profile.companies!.primary!;
    ref().state.smtp.setWhitelist(company, [{ Domain: 'reference.test', Incoming: true, IpAddress: '127.0.0.2', Outgoing: true, Port: 25, Subnet: '255.255.255.255' }]);
    try {
      const { code, smtp } = await judged(async (creds) => {
        const outside = transport(creds);
        await expect(outside.sendMail(mail(ref().profile.accounts!.primary!.email))).rejects.toThrow();
        outside.close();
      });
      const rule = smtp.find((r) => r.id === 'smtp.client.whitelisted-address')!;
      expect(rule.outcome).toBe('fail');
      expect(rule.reason).toMatch(/outside the company's whitelist \(5\d\d /);
      expect(smtp.filter((r) => r.outcome === 'fail').map((r) => r.id)).toEqual(['smtp.client.whitelisted-address']);
      // a should-level finding: a warning, not a must-level failure
      expect(code).toBe(0);
    } finally {
      ref().state.smtp.setWhitelist(company, undefined);
    }
  }, 60_000);
});
