import { FOLDER_NAME_ASCII, FOLDER_NAME_ASTRAL, FOLDER_NAME_BMP } from '../../contract/limits-messaging.js';
import { generatedCells, limitRuleId } from '../../contract/limits.js';
import { edgeFolderName } from '../../generators/folder-name.js';
import { check } from '../../harness/expect.js';
import { SoapSession } from '../../harness/fixtures/soap-session.js';
import { limitTitle } from '../../harness/limit-edges.js';
import { account, soapService } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import { expectInnerXml, expectSoapFault, expectSoapResult, intOf } from '../../harness/soap-expect.js';
import { sameText } from '../../harness/fields/compare.js';

/**
 * spec §4.4 CreateFolder with §8 'Folder name length | at most 65 characters': the edges of the
 * limits table (contract/limits-messaging.ts) that no other rule tries, one generated rule per
 * kind of character, as in specs/messaging-rest/limits.spec.ts: a name accepted is listed by
 * GetFolderList under its NewFID and full name; a name refused is a Fault with the §7.2 text and
 * leaves no folder.
 */
const OP = 'messaging-soap.CreateFolder' as const;

for (const row of [FOLDER_NAME_ASCII, FOLDER_NAME_BMP, FOLDER_NAME_ASTRAL]) {
  const cells = generatedCells(row, OP);
  if (cells.length === 0) continue;
  rule(
    {
      interface: 'messaging-soap',
      level: 'must',
      id: limitRuleId(row, OP),
      operation: OP,
      spec: [...row.spec, { anchor: '§4.4/CreateFolder', quote: 'CreateFolder | SessionKey, FolderType (int), FolderName (string) | CreateFolderResult' }],
      title: limitTitle(row, cells, 'listed under that name'),
      needs: [soapService, account('primary')],
    },
    async (t) => {
      const me = await t.given('log on as primary (SOAP)', () => SoapSession.open(t, 'primary'));
      const unit = t.profile.messaging.folderNameUnit;
      const made: Array<{ fid: number; name: string; shows: string }> = [];
      const refused: Array<{ name: string; shows: string }> = [];
      for (const { edge } of cells) {
        const name = edgeFolderName(`${t.prefix}${edge.edge[0]}-`, edge.value.chars, edge.value.length, unit);
        const a = await t.soap.createFolder(me.key, 0, name);
        // an accepted edge must answer a NewFID; a refused one that does not is read for clean-up
        const fid = a.fault && !edge.accepted ? undefined : intOf(a, expectInnerXml(a, expectSoapResult(a, `the folder of ${edge.shows} (unit: ${unit})`), 'CreateFolder'), 'NewFID', 'the new folder id');
        if (fid !== undefined) t.onCleanup(`delete folder ${fid} (SOAP)`, () => t.soap.deleteFolder(me.key, fid));
        if (edge.accepted) made.push({ fid: fid!, name, shows: edge.shows });
        else {
          expectSoapFault(a, row.refusal);
          refused.push({ name, shows: edge.shows });
        }
      }
      // one GetFolderList shows every edge's effect
      const listed = await me.folders();
      for (const m of made) {
        const shown = listed.find((f) => f.fid === m.fid);
        check(shown && sameText(shown.name, m.name), `GetFolderList: the folder of ${m.shows} (NewFID ${m.fid}) should be listed as ${JSON.stringify(m.name)}; it is ${JSON.stringify(shown?.name)}.`);
      }
      for (const r of refused) {
        const left = listed.filter((f) => sameText(f.name, r.name));
        for (const f of left) t.onCleanup('remove the folder made anyway (SOAP)', () => t.soap.deleteFolder(me.key, f.fid));
        check(left.length === 0, `GetFolderList: the name of ${r.shows} was a Fault, yet the list shows a folder of that name (FID ${left.map((f) => f.fid).join(', ')}); spec §7.2: "Folder could not be created".`);
      }
    },
  );
}
