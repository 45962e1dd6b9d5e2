import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProfileSchema } from '../contract/profile.js';
import { SmtpClient } from '../harness/clients/smtp.js';
import { TargetBroken } from '../harness/outcomes.js';
import { Redactor } from '../harness/redact.js';
import { start, type RunningReference } from '../reference/server.js';
import { filesUnder } from './support/cli.js';

/** Opens a bare nodemailer connection to the gateway and returns the EHLO extensions it saw. */
function connect(reference: RunningReference, options: Partial<SMTPConnection.Options> = {}): Promise<{ connection: SMTPConnection; secure: boolean }> {
  const connection = new SMTPConnection({ host: reference.smtp.host, port: reference.smtp.port, tls: { rejectUnauthorized: false }, ...options });
  return new Promise((resolve, reject) => {
    connection.once('error', reject);
    connection.connect(() => resolve({ connection, secure: connection.secure }));
  });
}

describe('the reference SMTP gateway', () => {
  let reference: RunningReference;
  beforeAll(async () => {
    reference = await start();
  });
  afterAll(() => reference.close());

  test('listens on a port of its own, named in the generated profile with the smtp and directory interfaces', () => {
    const profile = ProfileSchema.parse(reference.profile);
    expect(profile.smtp).toMatchObject({ host: reference.smtp.host, port: reference.smtp.port });
    expect(profile.interfaces).toEqual(expect.arrayContaining(['smtp', 'directory']));
    expect(new URL(reference.url).port).not.toBe(String(reference.smtp.port));
  });

  test('upgrades to TLS with STARTTLS, on a certificate made at start (no key is checked in)', async () => {
    const { connection, secure } = await connect(reference, { requireTLS: true });
    connection.close();
    expect(secure).toBe(true);
    expect(filesUnder(join(import.meta.dirname, '..', 'reference')).filter((f) => /\.(pem|key|crt)$/.test(f))).toEqual([]);
  });

  test('refuses AUTH in clear and accepts the company credentials inside TLS', async () => {
    const companyId = reference.profile.companies!.primary!;
    const { userId, password } = reference.state.smtp.credentials(companyId);
    const clear = await connect(reference, { ignoreTLS: true });
    const inClear = await new Promise<Error | null>((resolve) => clear.connection.login({ user: userId, pass: password }, (err) => resolve(err ?? null)));
    clear.connection.close();
    expect(inClear).not.toBeNull();
    const tls = await connect(reference, { requireTLS: true });
    const inTls = await new Promise<Error | null>((resolve) => tls.connection.login({ user: userId, pass: password, method: 'LOGIN' }, (err) => resolve(err ?? null)));
    tls.connection.close();
    expect(inTls).toBeNull();
  });
});

describe("the suite's SMTP client", () => {
  let server: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // greets, then never answers EHLO
    server = createServer((socket) => {
      sockets.add(socket);
      socket.write('220 slow.example ESMTP\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('bounds a dialogue in time: a gateway that stops answering makes the rule broken, within the timeouts', async () => {
    const { port } = server.address() as AddressInfo;
    const profile = ProfileSchema.parse({ baseUrl: 'http://127.0.0.1:9', smtp: { host: '127.0.0.1', port } });
    const dialogues: string[][] = [];
    const client = new SmtpClient(profile, new Redactor(), 'smtp.gateway.ehlo', 300, (_title, d) => dialogues.push(d.lines), () => undefined);
    const started = Date.now();
    await expect(client.converse('silent', { tlsOptional: true })).rejects.toBeInstanceOf(TargetBroken);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

// smtp and directory runs against a served reference, twice, leaving no message or whitelist behind and
// no SMTP password, key or AUTH line in reports/: conformance-run.test.ts (the whole suite)
