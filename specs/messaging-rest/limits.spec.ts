import { FOLDER_NAME_ASCII, FOLDER_NAME_ASTRAL, FOLDER_NAME_BMP } from '../../contract/limits-messaging.js';
import { generatedCells, limitRuleId } from '../../contract/limits.js';
import { edgeFolderName } from '../../generators/folder-name.js';
import { check, expectDocumentedError } from '../../harness/expect.js';
import { createdFolderId } from '../../harness/fixtures/mail-folders.js';
import { MailSession } from '../../harness/fixtures/mailbox.js';
import { limitTitle } from '../../harness/limit-edges.js';
import { account, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { removeIfCreated } from './folders.js';
import { sameText } from '../../harness/fields/compare.js';

/**
 * spec §8 'Folder name length | at most 65 characters | Create folder', §2.3, §7.2: the edges of
 * the limits table (contract/limits-messaging.ts) that no other rule tries, one generated rule per
 * kind of character: just under, at and just over 65, counted in characters (ASCII; two- and
 * three-byte characters, so not bytes; characters beyond the BMP in the unit the profile declares,
 * messaging.folderNameUnit). An accepted name is listed under its full name; a refused one is
 * refused with the §7.2 text and leaves no folder.
 */
const OP = 'messaging-rest.CreateFolder' as const;

for (const row of [FOLDER_NAME_ASCII, FOLDER_NAME_BMP, FOLDER_NAME_ASTRAL]) {
  const cells = generatedCells(row, OP);
  if (cells.length === 0) continue;
  rule(
    {
      interface: 'messaging-rest',
      level: 'must',
      id: limitRuleId(row, OP),
      operation: OP,
      spec: [...row.spec, { anchor: '§4.3/create-new-folder', quote: 'Create a new folder' }],
      title: limitTitle(row, cells, 'listed under that name'),
      needs: [iface('messaging-rest'), account('primary')],
    },
    async (t) => {
      const me = await MailSession.open(t, 'primary');
      const unit = t.profile.messaging.folderNameUnit;
      const made: Array<{ id: number; name: string; shows: string }> = [];
      const refused: Array<{ name: string; shows: string }> = [];
      for (const { edge } of cells) {
        const name = edgeFolderName(`${me.tag}${edge.edge[0]}-`, edge.value.chars, edge.value.length, unit);
        const res = await t.rest.createFolder(me.auth, { FolderName: name, FolderType: 0 });
        if (edge.accepted) {
          check(res.status < 300, `${res.label}: a folder name of ${edge.shows} (unit: ${unit}) should be created (spec §8 'at most 65 characters'); it was answered HTTP ${res.status} ${res.shown}.`);
          const id = await createdFolderId(me, res, name);
          me.removeFolderAfter(id);
          made.push({ id, name, shows: edge.shows });
        } else {
          await removeIfCreated(me, res, name);
          expectDocumentedError(res, row.refusal);
          refused.push({ name, shows: edge.shows });
        }
      }
      // one read of the folder list shows every edge's effect
      const listed = await me.folders();
      for (const m of made) {
        const shown = listed.find((f) => f.FolderId === m.id);
        check(shown && sameText(shown.FolderName, m.name), `GET /Folder/List: the folder of ${m.shows} (${m.id}) should be listed as ${JSON.stringify(m.name)}; it is ${JSON.stringify(shown?.FolderName)}.`);
      }
      for (const r of refused) {
        const left = listed.filter((f) => sameText(f.FolderName, r.name)).map((f) => f.FolderId);
        for (const id of left) me.removeFolderAfter(id);
        check(left.length === 0, `GET /Folder/List: the name of ${r.shows} was refused, yet the list shows a folder of that name (${left.join(', ')}); spec §7.2: "Folder could not be created".`);
      }
    },
  );
}
