import { MessageSchema } from '../../contract/messaging.js';
import { STATUS_SENT_PLAIN_TEXT } from '../../contract/message-status.js';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { awaitUnread, CompanySmtp, describeOutcome } from '../../harness/fixtures/smtp.js';
import { account, adminCredentials, iface, smtpGateway } from '../../harness/needs.js';
import { rule, type RuleContext } from '../../harness/rule.js';

/**
 * spec §1: the gateway 'can deliver plain-text SMTP messages with TLS routing'; §4.3 Get unread
 * messages: 'including messages delivered as plain text over TLS (MessageStatus = 5)'; B7.
 */
const base = { interface: 'smtp', operation: ['smtp.Deliver', 'messaging-rest.GetUnreadMessages'], level: 'must', company: 'uses' } as const;
const needs = [smtpGateway, adminCredentials, iface('messaging-rest'), account('primary')];

async function delivered(t: RuleContext) {
  const company = await t.given('an administration session', () => CompanySmtp.open(t));
  const primary = await t.given('log on as primary', () => MailSession.open(t, 'primary'));
  const sent = await company.send('plain text over TLS', primary);
  check(sent.accepted, `The gateway does not accept mail for ${primary.email}, a user of the service: ${describeOutcome(sent)}.`);
  return { primary, sent, summary: await awaitUnread(t, primary, sent.subject) };
}

rule(
  {
    ...base,
    id: 'smtp.delivery.unread-status-5',
    spec: [
      { anchor: '§4.3/get-unread-messages', quote: 'including messages delivered as plain text over TLS (MessageStatus = 5)' },
      { anchor: '§3.1/SentPlainText', quote: 'SentPlainText | 5' },
      { anchor: '§1/gateway-accepts-mail-only-whitelisted', quote: 'can deliver plain-text SMTP messages with TLS routing' },
    ],
    title: "mail the gateway accepts for a user of the service appears in that user's Get unread messages with MessageStatus 5",
    needs,
  },
  async (t) => {
    const { summary } = await delivered(t);
    check(summary.MessageStatus === STATUS_SENT_PLAIN_TEXT, `Get unread lists the gateway's message ${summary.MessageId} with MessageStatus ${summary.MessageStatus}, not 5 (SentPlainText).`);
  },
);

rule(
  {
    ...base,
    id: 'smtp.delivery.content',
    spec: [
      { anchor: '§1/gateway-accepts-mail-only-whitelisted', quote: 'can deliver plain-text SMTP messages with TLS routing' },
      { anchor: '§4.3/get-message', quote: 'Get a message | MID | the message' },
    ],
    operation: ['smtp.Deliver', 'messaging-rest.GetUnreadMessages', 'messaging-rest.GetMessage'],
    title: 'a plain-text message delivered through the gateway keeps its subject and its text',
    needs,
  },
  async (t) => {
    const { primary, sent, summary } = await delivered(t);
    const message = expectBody(await t.rest.getMessage(primary.auth, summary.MessageId), MessageSchema, 'the message (spec §4.3 Get a message)');
    check(message.Subject === sent.subject, `The delivered message's Subject is ${JSON.stringify(message.Subject)}, not ${JSON.stringify(sent.subject)}.`);
    check((message.TextBody ?? '').includes(sent.text), `The delivered message's text ${JSON.stringify(message.TextBody)} does not hold the text sent, ${JSON.stringify(sent.text)}.`);
  },
);
