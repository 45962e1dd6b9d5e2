import type { Side } from '../../../generators/mailbox-model.js';
import type { DiffSession, Observation } from '../session.js';
import { skipped } from './family.js';

/** The mailbox steps done over SOAP (spec §4.4): the same mailbox as REST, another interface. */
export type SoapMailboxOp =
  | { kind: 'soapFolders'; who: Side }
  | { kind: 'soapRead'; k: number }
  | { kind: 'soapMove'; who: Side; k: number; to: number }
  | { kind: 'soapDelete'; who: Side; k: number; permanently: boolean };

/** The user type a side logs on as (the recipient is a recipient, user type 0; the sender a sender, 1). */
export const TYPE: Record<Side, 0 | 1> = { recipient: 0, sender: 1 };

/** The side's SOAP session key, logged on once per sequence. */
export async function soapKey(s: DiffSession, who: Side): Promise<string> {
  const known = s.soapKeys[who];
  if (known) return known;
  const answer = await s.clients.soap.logon(s.account(who));
  const key = answer.result?.trim();
  if (!key) throw new Error(`the SOAP log on as the ${who} answered HTTP ${answer.http.status}`);
  s.norm.word(key, '<secret>');
  s.soapKeys[who] = key;
  return key;
}

export async function soapFolders(s: DiffSession, who: Side, step: string): Promise<Observation> {
  return s.observe(step, (await s.clients.soap.folderList(await soapKey(s, who))).http);
}

/** A SOAP step on `m`, the message the step's `k` names. */
export async function soapStep(s: DiffSession, op: Exclude<SoapMailboxOp, { kind: 'soapFolders' }>, step: string, m: number): Promise<Observation> {
  const soap = s.clients.soap;
  switch (op.kind) {
    case 'soapRead': {
      const answer = await soap.getMime(await soapKey(s, 'recipient'), m);
      return { step, status: answer.http.status, type: answer.http.mediaType, body: answer.fault ? s.observe(step, answer.http).body : '<mime>' };
    }
    case 'soapMove': {
      const dest = s.destination(op.who, op.to);
      if (dest === undefined) return skipped(step);
      return s.observe(step, (await soap.move(await soapKey(s, op.who), m, dest)).http);
    }
    case 'soapDelete':
      return s.observe(step, (await soap.deleteMessage(await soapKey(s, op.who), TYPE[op.who], m, op.permanently)).http);
  }
}
