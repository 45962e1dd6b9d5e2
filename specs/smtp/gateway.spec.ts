import { isPositive } from '../../contract/smtp.js';
import { check } from '../../harness/expect.js';
import { smtpGateway } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §1: 'The service also has an SMTP gateway … [it] can deliver plain-text SMTP messages
 * with TLS routing'; B7: SMTP with STARTTLS. The dialogue of each rule is in the report.
 */
const base = { interface: 'smtp', section: '§1', operation: 'smtp.Deliver', level: 'must', company: 'uses' } as const;

rule(
  { ...base, id: 'smtp.gateway.ehlo', title: 'the SMTP gateway greets a client and answers EHLO with 250 (RFC 5321)', needs: [smtpGateway] },
  async (t) => {
    const o = await t.smtp.converse('greeting and EHLO', { tlsOptional: true });
    const ehloReply = o.dialogue.lines.find((l, i) => i > 0 && /^S: \d{3}/.test(l) && /^C: EHLO /.test(o.dialogue.lines[i - 1] ?? ''));
    check(o.dialogue.lines[0]?.startsWith('S: 220'), `The gateway's first reply is ${o.dialogue.lines[0] ?? '(none)'}, not a 220 greeting.`);
    check(ehloReply && isPositive(Number(ehloReply.slice(3, 6))) && ehloReply.startsWith('S: 250'), `EHLO is answered ${ehloReply ?? '(not at all)'}, not 250.`);
  },
);

rule(
  {
    ...base,
    id: 'smtp.starttls.offered',
    title: 'the gateway offers STARTTLS in its EHLO reply, and the session continues inside TLS after it (TLS routing; B7)',
    needs: [smtpGateway],
  },
  async (t) => {
    const o = await t.smtp.converse('STARTTLS', { tlsOptional: true });
    check(o.offered.includes('STARTTLS'), `The EHLO reply offers ${JSON.stringify(o.offered)}, without STARTTLS.`);
    check(o.tls && !o.stop, `After STARTTLS the session is not inside TLS: ${o.stop ? `${o.stop.code ?? 'no reply'} ${o.stop.reply}` : 'the client stayed in clear'}.`);
  },
);
