import fc from 'fast-check';
import { SmtpCredentialsSchema } from '../../../contract/smtp.js';
import type { SmtpEndpoint } from '../../../harness/clients/admin.js';
import { SmtpClient, type SmtpCredentials, type SmtpOutcome } from '../../../harness/clients/smtp.js';
import type { DiffSession, Observation } from '../session.js';
import { adminKey } from './admin.js';
import { skipped, type StepFamily } from './family.js';

/**
 * The SMTP gateway (spec §1 SMTP paragraph, §4.2 SMTP rows, B7) through the suite's own SMTP
 * client, with the company credentials and whitelist read and set through administration. A
 * step that sets the whitelist puts back the one it found when the sequence ends; mail the
 * gateway takes goes to the peer and is purged then. The client stands inside or outside a list
 * by binding one of the profile's two client addresses (smtp.clientAddresses), as
 * specs/smtp/whitelist.spec.ts does. A dialogue is compared by how far it went and the reply
 * codes where it stopped; the greeting and EHLO texts are compared in `smtpGreet` only (RFC
 * 5321 leaves them to the server, which is itself a catalogued silence: smtp-reply-texts).
 */
export type SmtpOp =
  | { kind: 'smtpGreet' }
  /** whitelist the inside address; mail from the outside one (B7: refused, with which code, where) */
  | { kind: 'smtpOutside' }
  /** whitelist, then remove it (an empty-string body); mail from the outside address */
  | { kind: 'smtpRemoved' }
  /** mail with the credentials read before a whitelist update (§4.2 'existing SMTP credentials are overwritten') */
  | { kind: 'smtpCachedPassword' }
  /** whitelist the loopback network in one entry, its Subnet written as a dotted mask or a prefix length */
  | { kind: 'smtpSubnet'; form: 'mask' | 'prefix' };

/** How far a dialogue went, and the code where it stopped (the reply texts after the code are the server's). */
function outcome(o: SmtpOutcome): Record<string, unknown> {
  return { tls: o.tls, authenticated: o.authenticated, accepted: o.accepted, stoppedAt: o.stop?.stage ?? null, code: o.stop?.code ?? null };
}

/** The company's SMTP settings for one step: its credentials, a whitelist set (restored at the end), mail sent. */
class Company {
  constructor(
    readonly s: DiffSession,
    readonly key: string,
    readonly smtp: SmtpClient,
  ) {}

  async credentials(): Promise<SmtpCredentials & { endpoints?: SmtpEndpoint[] }> {
    const res = await this.s.clients.admin.smtpCredentials(this.key);
    const body = SmtpCredentialsSchema.parse(res.json);
    this.s.norm.word(body.Password, '<secret>');
    return { userId: body.UserId, password: body.Password, endpoints: body.Endpoints?.length ? (body.Endpoints as unknown as SmtpEndpoint[]) : undefined };
  }

  /** spec §4.2 Update IP whitelist; the list found first is put back when the sequence ends. */
  async whitelist(entries: SmtpEndpoint[] | ''): Promise<number> {
    const found = (await this.credentials()).endpoints;
    this.s.onClose(async () => {
      const again = await adminKey(this.s, 'cleanup');
      if ('key' in again) await this.s.clients.admin.updateWhitelist(again.key, found ?? '');
    });
    const res = await this.s.clients.admin.updateWhitelist(this.key, entries);
    if (res.json && typeof res.json === 'object') this.s.norm.word((res.json as { Password?: string }).Password, '<secret>');
    return res.status;
  }

  /** One entry for one address, with the profile's other fields (clarification G3). */
  entry(address: string, subnet?: string): SmtpEndpoint {
    const t = this.s.profile.smtp!.whitelistEntry;
    return { IpAddress: address, Subnet: subnet ?? t.Subnet, Port: t.Port, Incoming: t.Incoming, Outgoing: t.Outgoing, Domain: t.Domain };
  }

  /** One message to the peer from `from`; whatever arrives is purged when the sequence ends. */
  async send(from: string, credentials?: SmtpCredentials): Promise<SmtpOutcome> {
    const creds = credentials ?? (await this.credentials());
    const peer = this.s.account('recipient');
    const subject = `${this.s.tag} through the gateway`;
    this.s.onClose(() => purge(this.s, subject));
    return this.smtp.converse(subject, { from, credentials: creds, message: { to: [peer.email], subject, text: `Plain text through the SMTP gateway (${this.s.tag}).` } });
  }
}

/** Permanently deletes the peer's unread deliveries with that subject (spec §4.3 Get unread lists gateway mail, status 5). */
async function purge(s: DiffSession, subject: string): Promise<void> {
  const auth = s.rest('recipient');
  const res = await s.clients.rest.unread(auth);
  const list = (res.json as { Summaries?: Array<{ MessageId: number; Subject?: string }> } | undefined)?.Summaries ?? [];
  for (const m of list.filter((x) => x.Subject === subject)) {
    for (let i = 0; i < 3; i++) if ((await s.clients.rest.deleteMessage(auth, m.MessageId, true)).status >= 300) break;
  }
}

export const SMTP: StepFamily<SmtpOp> = {
  operations: {
    smtpGreet: ['smtp.Deliver'],
    smtpOutside: ['smtp.Deliver', 'admin.UpdateIpWhitelist', 'admin.GetSmtpCredentials'],
    smtpRemoved: ['smtp.Deliver', 'admin.UpdateIpWhitelist', 'admin.GetSmtpCredentials'],
    smtpCachedPassword: ['smtp.Deliver', 'admin.UpdateIpWhitelist', 'admin.GetSmtpCredentials'],
    smtpSubnet: ['smtp.Deliver', 'admin.UpdateIpWhitelist', 'admin.GetSmtpCredentials'],
  },
  steps: [
    [1, fc.constant({ kind: 'smtpGreet' as const })],
    [1, fc.constant({ kind: 'smtpOutside' as const })],
    [1, fc.constant({ kind: 'smtpRemoved' as const })],
    [1, fc.constant({ kind: 'smtpCachedPassword' as const })],
    [1, fc.constantFrom<'mask' | 'prefix'>('mask', 'prefix').map((form) => ({ kind: 'smtpSubnet' as const, form }))],
  ],
  // one step per reading; the prefix-length entry is drawn in random sequences only (the mask entry tells both forms apart)
  canonical: [{ kind: 'smtpGreet' }, { kind: 'smtpOutside' }, { kind: 'smtpRemoved' }, { kind: 'smtpCachedPassword' }, { kind: 'smtpSubnet', form: 'mask' }],
  async run(s, op, step) {
    if (!s.profile.smtp || !s.profile.admin) return skipped(step);
    // the gateway's EHLO name names no rule of the suite: no fault scoped to a rule bends a diff dialogue
    const smtp = new SmtpClient(s.profile, s.redact, 'diff', 10_000, () => undefined, () => undefined);
    if (op.kind === 'smtpGreet') {
      // EHLO and STARTTLS only: the greeting and the EHLO reply's first line, texts and all
      const o = await smtp.converse('greeting', {});
      const lines = o.dialogue.lines.filter((l) => l.startsWith('S: '));
      return { step, body: { tls: o.tls, greeting: s.norm.text(lines[0] ?? ''), ehlo: s.norm.text(lines.find((l) => /^S: 250[ -]/.test(l)) ?? '') } };
    }
    // the whitelist is a company-wide setting: changed only where the profile allows it (admin.allowCompanyChanges), and put back
    if (!s.profile.admin.allowCompanyChanges) return skipped(step);
    const got = await adminKey(s, step);
    if ('answer' in got) return got.answer;
    const company = new Company(s, got.key, smtp);
    const [inside, outside] = s.profile.smtp.clientAddresses;
    const result = async (status: number, o: SmtpOutcome): Promise<Observation> => ({ step, status, body: outcome(o) });
    switch (op.kind) {
      case 'smtpOutside': {
        const status = await company.whitelist([company.entry(inside)]);
        return result(status, await company.send(outside));
      }
      case 'smtpRemoved': {
        await company.whitelist([company.entry(inside)]);
        const status = await company.whitelist('');
        return result(status, await company.send(outside));
      }
      case 'smtpCachedPassword': {
        // a client that read the credentials once, before the administrator updated the whitelist
        const before = await company.credentials();
        const status = await company.whitelist([company.entry(inside)]);
        return result(status, await company.send(inside, before));
      }
      case 'smtpSubnet': {
        // spec §2.2 SMTPEndpoint2Model 'Subnet (string)': 127.0.0.0 with 255.0.0.0, or with 8
        const status = await company.whitelist([company.entry('127.0.0.0', op.form === 'mask' ? '255.0.0.0' : '8')]);
        return result(status, await company.send(inside));
      }
    }
  },
};
