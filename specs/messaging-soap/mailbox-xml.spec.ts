import { descendantsNamed } from '../../contract/wire/xml.js';
import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, mailboxXml, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectInnerXml, expectSoapResult, valuesOf } from '../../harness/soap-expect.js';

/** spec §4.4 library-only Get mailbox XML, with the §2.3 inputs of the SOAP mailbox listing. */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, iface('messaging-rest'), account('primary'), account('peer')];

rule(
  {
    ...base,
    id: 'messaging-soap.mailbox-xml.listing',
    spec: [
      { anchor: '§2.3/soap-form-mailbox-listing-uses', quote: 'The SOAP form of the mailbox listing uses these inputs' },
      { anchor: '§4.4/library-only-operations-older-form', quote: 'Library-only operations of the older form: Get mailbox XML' },
    ],
    operation: 'messaging-soap.GetMailboxXML',
    title: "GetMailboxXML of the inbox lists a received message as a MessageListItem with its MID and Subject",
    needs: [...needs, mailboxXml],
  },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const subject = `${t.prefix} listed`;
    const mid = await t.given('primary sends peer a message', () => primary.send([peer], { Subject: subject }));
    const { inbox } = await t.given("find peer's Inbox", () => peerSoap.systemFolders());
    const first = t.profile.messaging.firstPageNumber;
    const a = await t.soap.mailboxXml(peerSoap.key, { mailboxType: 0, folderId: inbox, pageNum: first, pageSize: 50, filter: t.prefix, orderDesc: true });
    const root = expectInnerXml(a, expectSoapResult(a, 'the mailbox listing'), 'the mailbox listing');
    const items = [...(root.local === 'MessageListItem' ? [root] : []), ...descendantsNamed(root, 'MessageListItem')];
    const item = items.find((i) => valuesOf(i, 'MID')[0] === String(mid));
    check(item, `GetMailboxXML of peer's Inbox does not list message ${mid}.`);
    check(valuesOf(item, 'Subject')[0] === subject, `GetMailboxXML lists message ${mid} with Subject "${valuesOf(item, 'Subject')[0]}", not "${subject}".`);
  },
);
