import type { SmtpCommandRecord } from '../contract/smtp.js';
import type { RecordedExchange } from './exchange.js';

/**
 * The SMTP gateway's recorded commands (contract/smtp.ts) as exchanges the judge reads beside the
 * HTTP ones: one per command, numbered after `from`, the verb as its method, the session as its
 * target, the line (credentials withheld) as its body and the reply as its answer.
 */
export function smtpExchanges(records: readonly SmtpCommandRecord[], from: number): RecordedExchange[] {
  return records.map((r, i) => ({
    seq: from + i,
    client: r.client,
    at: r.at,
    method: r.verb,
    url: `smtp-session-${r.session}`,
    headers: {},
    body: r.line,
    ...(r.reply ? { status: r.reply.code, answer: r.reply.text } : {}),
    smtp: r,
  }));
}
