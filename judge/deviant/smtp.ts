import { connect as tcp, type Socket } from 'node:net';
import { connect as tls } from 'node:tls';
import { withheldLine, type SmtpCommandRecord } from '../../contract/smtp.js';
import { smtpExchanges } from '../smtp.js';
import type { DeviantClient, SmtpDeviation } from './client.js';

/**
 * The deviant client's SMTP dialogue with the gateway (B7): EHLO, STARTTLS, EHLO inside TLS, AUTH
 * PLAIN with the company credentials, MAIL FROM, RCPT TO, DATA, QUIT, recorded command by command
 * as the gateway's tap records them (contract/smtp.ts). A switch's deviation adds one wrong step
 * before the right one, so the session still delivers and only its rule is broken; the
 * `outside-whitelist` dialogue is sent while the company's whitelist leaves this client out: the
 * command the gateway refuses is marked so (as its tap marks it), and the dialogue ends there.
 */

/** The gateway refused the client's address: the dialogue ends (QUIT). */
class Refused extends Error {}

const REPLY_END = /^(\d{3}) [^\n]*\r?\n/m;
const TIMEOUT_MS = 10_000;

/** Reads SMTP replies (RFC 5321 §4.2: lines `ddd-` then one `ddd `) from whichever socket is current. */
class Line {
  #buffer = '';
  #waiting?: () => void;
  socket: Socket;
  constructor(socket: Socket) {
    this.socket = socket;
    this.listen(socket);
  }
  listen(s: Socket) {
    s.on('data', (d: Buffer) => {
      this.#buffer += d.toString('utf8');
      this.#waiting?.();
    });
    s.on('error', () => this.#waiting?.());
    s.on('close', () => this.#waiting?.());
  }
  async reply(): Promise<{ code: number; text: string }> {
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      const lines = this.#buffer.split('\r\n');
      const last = lines.findIndex((l) => /^\d{3} /.test(l));
      if (last >= 0 && REPLY_END.test(this.#buffer)) {
        const taken = lines.slice(0, last + 1);
        this.#buffer = lines.slice(last + 1).join('\r\n');
        return { code: Number(taken[last]!.slice(0, 3)), text: taken.map((l) => l.slice(4)).join(' / ') };
      }
      if (this.socket.destroyed || Date.now() > deadline) return { code: 0, text: 'no reply' };
      await new Promise<void>((r) => {
        this.#waiting = r;
        setTimeout(r, 200);
      });
    }
  }
}

export async function smtpDialogue(c: DeviantClient, creds: { user: string; pass: string }, from: string, to: string, deviation: SmtpDeviation | undefined): Promise<void> {
  const gateway = c.profile.smtp;
  if (!gateway) return;
  const session = c.unique('deviant-smtp-');
  const records: SmtpCommandRecord[] = [];
  const socket = tcp({ host: gateway.host, port: gateway.port });
  const line = new Line(socket);
  let secure = false;
  let authenticated = false;
  const command = async (text: string, continuation = false) => {
    const verb = continuation ? 'AUTH…' : (text.split(' ')[0] ?? '').toUpperCase();
    const r: SmtpCommandRecord = { session, client: 'deviant', at: Date.now(), verb, line: withheldLine(verb, text, continuation), secure, authenticated };
    if (verb === 'AUTH') r.mechanism = (text.split(' ')[1] ?? '').toUpperCase();
    records.push(r);
    line.socket.write(`${text}\r\n`);
    r.reply = await line.reply();
    if (r.reply.code === 235) authenticated = true;
    if (deviation === 'outside-whitelist' && r.reply.code >= 500 && ['AUTH', 'AUTH…', 'MAIL', 'RCPT'].includes(verb)) {
      r.outsideWhitelist = true;
      throw new Refused();
    }
    return r.reply;
  };
  const plain = (pass: string) => `AUTH PLAIN ${Buffer.from(`\u0000${creds.user}\u0000${pass}`).toString('base64')}`;
  try {
    await line.reply();
    await command('EHLO deviant.reference.test');
    if (deviation === 'auth-in-clear') await command(plain(creds.pass));
    if ((await command('STARTTLS')).code === 220) {
      const upgraded = tls({ socket, servername: 'localhost', rejectUnauthorized: false });
      await new Promise<void>((resolve, reject) => upgraded.once('secureConnect', resolve).once('error', reject));
      line.socket = upgraded;
      line.listen(upgraded);
      secure = true;
    }
    await command('EHLO deviant.reference.test');
    if (deviation === 'mail-before-auth') await command(`MAIL FROM:<${from}>`);
    if (deviation === 'auth-cram-md5') await command('AUTH CRAM-MD5');
    if (deviation === 'stale-password') await command(plain(`${creds.pass}-stale`));
    await command(plain(creds.pass));
    await command(`MAIL FROM:<${from}>`);
    await command(`RCPT TO:<${to}>`);
    if ((await command('DATA')).code === 354) {
      line.socket.write(`From: ${from}\r\nTo: ${to}\r\nSubject: judged dialogue\r\n\r\nplain text\r\n.\r\n`);
      records.push({ session, client: 'deviant', at: Date.now(), verb: 'DATA…', line: '.', secure, authenticated, reply: await line.reply() });
    }
    await command('QUIT');
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    await command('QUIT');
  } finally {
    line.socket.destroy();
    socket.destroy();
    c.exchanges.push(...smtpExchanges(records, c.exchanges.length));
  }
}
