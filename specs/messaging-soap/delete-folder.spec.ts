import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { account, iface, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectSoapFault, expectSoapSuccess } from '../../harness/soap-expect.js';

/** spec §4.4 DeleteFolder; §3.2 'Delete folder'; §8 'custom folders only'. */
const base = { interface: 'messaging-soap', level: 'must' } as const;
const needs = [soapService, account('primary')];

rule(
  {
    ...base,
    id: 'messaging-soap.delete-folder.messages-to-parent',
    spec: [
      { anchor: '§3.2/delete-folder', quote: 'The messages move to the parent Inbox or Outbox folder.' },
      { anchor: '§4.4/DeleteFolder', quote: 'DeleteFolder | SessionKey, FID (int)' },
    ],
    operation: 'messaging-soap.DeleteFolder',
    title: 'DeleteFolder of a custom folder holding a message removes the folder and moves the message to the parent Inbox',
    needs: [...needs, iface('messaging-rest'), account('peer')],
  },
  async (t) => {
    const [primary, peer, peerSoap] = await t.given('log on as primary (REST), peer (REST and SOAP)', () =>
      Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer'), SoapSession.open(t, 'peer')]),
    );
    const mid = await t.given('primary sends peer a message', () => primary.send([peer]));
    const fid = await t.given('peer creates an inbox folder (SOAP)', () => peerSoap.createFolder(0));
    await t.given('peer files the message there', () => peer.move(mid, fid));
    const { inbox } = await t.given("find peer's Inbox", () => peer.systemFolders());
    expectSoapSuccess(await t.soap.deleteFolder(peerSoap.key, fid), 'DeleteFolder');
    check(!(await peerSoap.folders()).some((f) => f.fid === fid), `folder ${fid} is still listed after DeleteFolder.`);
    check((await peer.idsIn(inbox)).includes(mid), `message ${mid} is not in the Inbox after its folder ${fid} was deleted (spec §3.2: the messages move to the parent Inbox).`);
  },
);

rule(
  {
    ...base,
    id: 'messaging-soap.delete-folder.system-refused',
    spec: [
      { anchor: '§8/delete-folder', quote: 'custom folders only' },
      { anchor: '§4.3/delete-folder', quote: 'Only custom folders can be deleted.' },
      { anchor: '§4.4/DeleteFolder', quote: 'DeleteFolder | SessionKey, FID (int)' },
    ],
    operation: 'messaging-soap.DeleteFolder',
    title: 'DeleteFolder of the Inbox is a Fault and the Inbox stays (custom folders only)',
    needs,
  },
  async (t) => {
    const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
    const { inbox } = await t.given('find the Inbox', () => me.systemFolders());
    expectSoapFault(await t.soap.deleteFolder(me.key, inbox), undefined, 'spec §8: custom folders only');
    check((await me.folders()).some((f) => f.fid === inbox), `the Inbox (FID ${inbox}) is gone after a refused DeleteFolder.`);
  },
);
