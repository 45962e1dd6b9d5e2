import { MessageSchema } from '../../contract/messaging.js';
import { check, expectBody } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §4.3 'Get a message'. */
const base = { interface: 'messaging-rest', level: 'must' } as const;
const needs = [iface('messaging-rest'), account('primary'), account('peer')];
const same = (a: string | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
/** Line endings and one trailing newline are transport detail, not content. */
const text = (s: string | null | undefined) => (s ?? '').replace(/\r\n/g, '\n').replace(/\n$/, '');

rule(
  {
    ...base,
    id: 'messaging-rest.message.get',
    spec: [
      { anchor: '§4.3/get-message', quote: 'Get a message | MID | the message' },
      { anchor: '§2.3/SendMessage', quote: 'To (list of strings), From (string), Subject (string), HtmlBody (string), TextBody (string)' },
    ],
    operation: 'messaging-rest.GetMessage',
    title: 'Get a message returns the message as sent: From, To, Subject, TextBody and HtmlBody',
    needs,
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const sent = { Subject: `${primary.tag} Grüße ☃`, TextBody: 'Plain words.\nSecond line.', HtmlBody: '<p>Plain <b>words</b>.</p>' };
    const mid = await t.given('primary sends peer a message', () => primary.send([peer], sent));
    const got = expectBody(await t.rest.getMessage(peer.auth, mid), MessageSchema, 'the message (vendor-wire §1.2 Message)');
    const wrong = [
      same(got.From, primary.email) ? '' : `From "${got.From}"`,
      got.To.some((to) => same(to, peer.email)) ? '' : `To ${JSON.stringify(got.To)}`,
      got.Subject === sent.Subject ? '' : `Subject "${got.Subject}"`,
      text(got.TextBody) === text(sent.TextBody) ? '' : `TextBody ${JSON.stringify(got.TextBody)}`,
      text(got.HtmlBody) === text(sent.HtmlBody) ? '' : `HtmlBody ${JSON.stringify(got.HtmlBody)}`,
    ].filter(Boolean);
    check(wrong.length === 0, `GET /Message/${mid}: the message differs from what was sent: ${wrong.join(', ')}.`);
  },
);
