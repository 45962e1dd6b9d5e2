import { isPositive } from '../../contract/smtp.js';
import { check } from '../../harness/expect.js';
import { smtpGateway } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §1: 'The service also has an SMTP gateway'; RFC 5321. The dialogue is in the report. */
const base = { interface: 'smtp', operation: 'smtp.Deliver', level: 'must', company: 'uses' } as const;

rule(
  {
    ...base,
    id: 'smtp.gateway.ehlo',
    spec: [
      { anchor: '§1/service-also-has-smtp-gateway', quote: 'The service also has an SMTP gateway.' },
      // reply codes only, never the text after them (G7)
      { anchor: '§1/service-also-has-smtp-gateway', quote: 'SMTP gateway', silence: 'smtp-reply-texts' },
    ],
    title: 'the SMTP gateway greets a client and answers EHLO with 250 (RFC 5321)',
    needs: [smtpGateway],
  },
  async (t) => {
    const o = await t.smtp.converse('greeting and EHLO', { tlsOptional: true });
    const ehloReply = o.dialogue.lines.find((l, i) => i > 0 && /^S: \d{3}/.test(l) && /^C: EHLO /.test(o.dialogue.lines[i - 1] ?? ''));
    check(o.dialogue.lines[0]?.startsWith('S: 220'), `The gateway's first reply is ${o.dialogue.lines[0] ?? '(none)'}, not a 220 greeting.`);
    check(ehloReply && isPositive(Number(ehloReply.slice(3, 6))) && ehloReply.startsWith('S: 250'), `EHLO is answered ${ehloReply ?? '(not at all)'}, not 250.`);
  },
);
