import { check } from '../../harness/expect.js';
import { smtpGateway } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §1: 'The service also has an SMTP gateway … [it] can deliver plain-text SMTP messages
 * with TLS routing'; B7: SMTP with STARTTLS. The dialogue of each rule is in the report.
 */
const base = { interface: 'smtp', operation: 'smtp.Deliver', level: 'must', company: 'uses' } as const;

rule(
  {
    ...base,
    id: 'smtp.starttls.offered',
    spec: [{ anchor: '§1/gateway-accepts-mail-only-whitelisted', quote: 'can deliver plain-text SMTP messages with TLS routing' }],
    title: 'the gateway offers STARTTLS in its EHLO reply, and the session continues inside TLS after it (TLS routing; B7)',
    needs: [smtpGateway],
  },
  async (t) => {
    const o = await t.smtp.converse('STARTTLS', { tlsOptional: true });
    check(o.offered.includes('STARTTLS'), `The EHLO reply offers ${JSON.stringify(o.offered)}, without STARTTLS.`);
    check(o.tls && !o.stop, `After STARTTLS the session is not inside TLS: ${o.stop ? `${o.stop.code ?? 'no reply'} ${o.stop.reply}` : 'the client stayed in clear'}.`);
  },
);
