import { check } from '../../harness/expect.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

rule(
  {
    id: 'messaging-rest.folder.list-statistics',
    section: '§4.3',
    interface: 'messaging-rest',
    operation: 'messaging-rest.ListFolders',
    level: 'must',
    title: "List all folders shows the user's folders with statistics: a custom folder holding two messages reports TotalMessages 2",
    needs: [iface('messaging-rest'), account('primary'), account('peer')],
  },
  async (t) => {
    const [primary, peer] = await t.given('log on as primary and peer', () => Promise.all([MailSession.open(t, 'primary'), MailSession.open(t, 'peer')]));
    const folder = await t.given('peer files two messages from primary in a custom folder', async () => {
      const id = await peer.createFolder(0);
      for (const mid of [await primary.send([peer]), await primary.send([peer])]) await peer.move(mid, id);
      return id;
    });
    const listed = (await peer.folders()).find((f) => f.FolderId === folder);
    check(listed, `GET /Folder/List: peer's folder ${folder} is not listed.`);
    // statistics: spec §4.3 'with statistics'; field name TotalMessages from vendor-wire §1.2 (B3)
    check(listed.TotalMessages === 2, `GET /Folder/List: folder ${folder} holds 2 messages, so its statistics should say TotalMessages 2; they say ${JSON.stringify(listed.TotalMessages)}.`);
  },
);
