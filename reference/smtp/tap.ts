import type { SMTPServerSession } from 'smtp-server';
import { withheldLine, type SmtpCommandRecord } from '../../contract/smtp.js';

/**
 * The gateway's recording edge for `serve --judge`: a connection's commands, each with whether
 * the session was inside TLS and authenticated when it came and the reply it got, handed to the
 * sinks listening (contract/smtp.ts SmtpCommandRecord). It wraps the connection's command and
 * reply functions, as the gateway wraps EHLO; it decides nothing and withholds every credential.
 */
export type SmtpSink = (record: SmtpCommandRecord) => void;

export interface SmtpTap {
  /** the gateway found the address outside the company's whitelist at the current command */
  outsideWhitelist(): void;
}

/** The parts of smtp-server's connection the tap wraps (its command entry and its reply writer). */
interface TappedConnection {
  secure: boolean;
  remoteAddress?: string;
  _nextHandler?: unknown;
  _onCommand(command: Buffer, callback?: () => void): void;
  send(code: number, data?: string | string[] | null, context?: string | false): void;
}

export function tapConnection(connection: unknown, session: SMTPServerSession, sinks: readonly SmtpSink[]): SmtpTap {
  const c = connection as TappedConnection;
  let current: SmtpCommandRecord | undefined;
  const emit = (r: SmtpCommandRecord) => {
    for (const sink of sinks) sink(r);
  };
  const client = `${session.remoteAddress}:${(session as { remotePort?: number }).remotePort ?? ''}`;
  const onCommand = c._onCommand.bind(c);
  c._onCommand = (command, callback) => {
    const line = (command ?? Buffer.alloc(0)).toString();
    const continuation = Boolean(c._nextHandler);
    const verb = continuation ? 'AUTH…' : (line.split(' ')[0] ?? '').toUpperCase();
    current = { session: session.id, client, at: Date.now(), verb, line: withheldLine(verb, line, continuation), secure: Boolean(c.secure), authenticated: Boolean(session.user) };
    if (verb === 'AUTH') current.mechanism = (line.trim().split(/\s+/)[1] ?? '').toUpperCase();
    emit(current);
    onCommand(command, callback);
  };
  const send = c.send.bind(c);
  c.send = (code, data, context) => {
    const text = Array.isArray(data) ? data.join(' / ') : (data ?? '');
    if (current && !current.reply) current.reply = { code, text };
    // the reply after a message's final dot is DATA's second reply
    else if (current?.verb === 'DATA') emit((current = { ...current, verb: 'DATA…', line: '.', at: Date.now(), reply: { code, text } }));
    send(code, data, context);
  };
  return {
    outsideWhitelist: () => {
      if (current) current.outsideWhitelist = true;
    },
  };
}
