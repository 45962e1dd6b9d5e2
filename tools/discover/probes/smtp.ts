import { FolderListSchema, LogOnResponseSchema, SummariesSchema } from '../../../contract/messaging.js';
import { SmtpCredentialsSchema } from '../../../contract/smtp.js';
import { SmtpClient } from '../../../harness/clients/smtp.js';
import { finder, type DiscoveryContext } from '../context.js';
import type { Probe } from '../types.js';
import { throwawayCompany } from './provisioning.js';

/** The Subnet forms of one address (catalogue smtp-whitelist-entry: a dotted mask, or a prefix length). */
const FORMS = [
  { Subnet: '255.255.255.255', reading: 'Subnet as a dotted mask (255.255.255.255 names one address)' },
  { Subnet: '32', reading: 'Subnet as a prefix length (32)' },
] as const;

/**
 * spec §2.2 SMTPEndpoint2Model 'Subnet (string)' (G3): whether the gateway reads a whitelist
 * entry's Subnet as a dotted mask or a prefix length. In a company discovery provisions (so the
 * vendor's own whitelist is never touched), each form in turn names the suite's first client
 * address alone; a message from there to the peer account shows whether the entry admits it.
 * What arrives is purged from peer's Inbox.
 */
export const smtpSubnet: Probe = {
  name: 'smtp-subnet',
  keys: ['smtp.whitelistEntry'],
  async run(ctx) {
    const f = finder(ctx, 'smtp-whitelist-entry');
    const smtp = ctx.profile.smtp;
    const peer = ctx.profile.accounts.peer;
    const lacking = ctx.profile.admin?.unavailableOperations.filter((o) => ['GetSmtpCredentials', 'UpdateIpWhitelist'].includes(o)) ?? [];
    if (!smtp || !peer) return [f.ambiguous('smtp.whitelistEntry', 'every reading', 'the profile names no SMTP gateway or no peer account; the default stays', [])];
    // spec §9 (A1): where the edition lacks the SMTP settings methods, no whitelist can be set, by discovery or by a rule
    if (lacking.length) return [f.ambiguous('smtp.whitelistEntry', 'every reading', `the target lacks ${lacking.join(' and ')} (admin.unavailableOperations), so no whitelist can be set and no rule judges one; the default stays`, [])];
    const company = await throwawayCompany(ctx, 10);
    if (!company) return [f.ambiguous('smtp.whitelistEntry', 'every reading', 'no company of discovery’s own could be provisioned and administered, and the vendor’s whitelist is never changed; the default stays', [ctx.mark()])];
    const admin = ctx.clients().admin;
    const client = new SmtpClient(ctx.profile, ctx.redact, 'discover', 10_000, (title, d) => ctx.dialogues.push({ title, lines: d.lines }), () => undefined);
    const [inside] = smtp.clientAddresses;
    const admitted: string[] = [];
    const marks: number[] = [];
    const subjects: string[] = [];
    for (const form of FORMS) {
      const entry = { ...smtp.whitelistEntry, Subnet: form.Subnet, IpAddress: inside };
      const set = await admin.updateWhitelist(company.sessionKey, [entry]);
      marks.push(ctx.mark());
      if (set.status >= 300) continue;
      // read after the update: it may renew the password (G4)
      const creds = SmtpCredentialsSchema.safeParse((await admin.smtpCredentials(company.sessionKey)).json);
      marks.push(ctx.mark());
      if (!creds.success) continue;
      ctx.redact.learn(creds.data.Password);
      const subject = ctx.name('smtp');
      subjects.push(subject);
      const outcome = await client.converse(`from ${inside}, whitelisted with Subnet ${form.Subnet}`, {
        from: inside,
        credentials: { userId: creds.data.UserId, password: creds.data.Password },
        message: { to: [peer.email], subject, text: 'conformance discovery' },
      });
      if (outcome.accepted) admitted.push(form.Subnet);
    }
    if (subjects.length) ctx.onCleanup('purge the gateway’s deliveries to peer', () => purgeFromPeer(ctx, subjects));
    const because = `from ${inside}, a whitelist naming it with Subnet ${FORMS.map((x) => `"${x.Subnet}"`).join(' / ')}: the message was ${FORMS.map((x) => (admitted.includes(x.Subnet) ? 'accepted' : 'refused')).join(' / ')} (SMTP dialogues below)`;
    const one = FORMS.filter((x) => admitted.includes(x.Subnet));
    if (one.length === 1) return [f.decided('smtp.whitelistEntry', { ...smtp.whitelistEntry, Subnet: one[0]!.Subnet }, one[0]!.reading, because, marks)];
    if (one.length > 1) return [f.ambiguous('smtp.whitelistEntry', FORMS.map((x) => x.reading).join('; '), `${because}: both forms admit the address; the default stays`, marks)];
    return [f.none('smtp.whitelistEntry', `${because}: neither form admits the address it names`, ['smtp.whitelist.inside-accepted'], marks)];
  },
};

/** Every message in peer's Inbox whose subject is one discovery sent, permanently deleted. */
async function purgeFromPeer(ctx: DiscoveryContext, subjects: string[]): Promise<void> {
  const rest = ctx.clients().rest;
  const logon = LogOnResponseSchema.safeParse((await rest.logon(ctx.profile.accounts.peer!)).json);
  if (!logon.success) throw new Error('peer could not log on to purge the gateway’s deliveries');
  ctx.redact.learn(logon.data.SessionKey);
  const auth = { sessionKey: logon.data.SessionKey };
  const folders = FolderListSchema.safeParse((await rest.listFolders(auth)).json);
  const names = ctx.profile.messaging.systemFolderNames.inbox.map((n) => n.toLowerCase());
  const inbox = folders.success ? folders.data.Folders.find((x) => names.includes(x.FolderName.toLowerCase())) : undefined;
  if (!inbox) throw new Error('peer’s Inbox could not be found to purge the gateway’s deliveries');
  const listed = SummariesSchema.safeParse((await rest.messageSummaries(auth, { FolderId: inbox.FolderId, LastMessageIDReceived: 0 })).json);
  if (!listed.success) throw new Error('peer’s Inbox could not be listed to purge the gateway’s deliveries');
  for (const s of listed.data.Summaries) if (subjects.some((x) => s.Subject?.includes(x))) await rest.deleteMessage(auth, s.MessageId, true);
}
