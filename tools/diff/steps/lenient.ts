import fc from 'fast-check';
import type { DiffSession, Observation } from '../session.js';
import { skipped, type StepFamily } from './family.js';
import { createdId, createFolder, index } from './mailbox.js';

/**
 * Requests a client sends loosely, where the spec does not say how a server reads them
 * (clarifications L1, L2, V1; B3): a folder name with white space around it (copied from a
 * form), a folder type written as a string of digits, member names in camelCase (as JavaScript
 * clients write them), a path in lower case, and a refusal whose status no spec row gives (the
 * recipient of a message tries to retract it). Each is read-only or cleaned up like the mailbox
 * steps (made folders are the sequence's).
 */
export type LenientOp =
  | { kind: 'createFolderPadded' }
  | { kind: 'idAsString' }
  | { kind: 'camelCaseNames' }
  | { kind: 'lowerCasePath' }
  | { kind: 'retractAsRecipient'; k: number };

/** The name the folder the sequence made last has in the listing (white space made visible). */
async function listedName(s: DiffSession): Promise<string> {
  const made = s.folders[s.folders.length - 1];
  const list = await s.clients.rest.listFolders(s.rest('recipient'));
  const folder = ((list.json as { Folders?: Array<{ FolderId: number; FolderName: string }> } | undefined)?.Folders ?? []).find((f) => f.FolderId === made?.id);
  return folder ? JSON.stringify(s.norm.text(folder.FolderName)) : 'not listed';
}

export const LENIENT: StepFamily<LenientOp> = {
  operations: {
    createFolderPadded: ['messaging-rest.CreateFolder', 'messaging-rest.ListFolders'],
    idAsString: ['messaging-rest.CreateFolder'],
    camelCaseNames: ['messaging-rest.CreateFolder'],
    lowerCasePath: ['messaging-rest.ListFolders'],
    retractAsRecipient: ['messaging-rest.RetractMessage'],
  },
  // one draw among them, so random sequences stay mostly mailbox moves (their axes are shown by the canonical part)
  steps: [
    [
      1,
      fc.oneof(
        fc.constantFrom<LenientOp>({ kind: 'createFolderPadded' }, { kind: 'idAsString' }, { kind: 'camelCaseNames' }, { kind: 'lowerCasePath' }),
        index.map((k): LenientOp => ({ kind: 'retractAsRecipient', k })),
      ),
    ],
  ],
  canonical: [{ kind: 'createFolderPadded' }, { kind: 'idAsString' }, { kind: 'camelCaseNames' }, { kind: 'lowerCasePath' }, { kind: 'retractAsRecipient', k: 0 }],
  async run(s, op, step): Promise<Observation> {
    const rest = s.clients.rest;
    switch (op.kind) {
      case 'createFolderPadded': {
        // L1: stored as sent, or trimmed first
        const before = s.folders.length;
        const seen = await createFolder(s, step, 'recipient', 0, `  ${s.tag} padded  `);
        return s.folders.length > before ? { ...seen, body: { answer: seen.body, listed: await listedName(s) } } : seen;
      }
      case 'idAsString':
        // L2: an int of spec §2.3 (FolderType) sent as a JSON string of digits
        return createFolder(s, step, 'recipient', 0, `${s.tag} typed`, '0');
      case 'camelCaseNames': {
        // V1: vendor-wire §1.1 writes PascalCase; the spec does not say names are matched exactly
        const name = `${s.tag} camel`;
        const res = await rest.createFolder(s.rest('recipient'), { folderName: name, folderType: 0 });
        const id = res.status < 300 ? await createdId(s, 'recipient', res, name) : undefined;
        if (id !== undefined) {
          s.folders.push({ id, owner: 'recipient', type: 0, name });
          s.norm.id(id, `#f${s.folders.length}`, 'f');
        }
        return s.observe(step, res);
      }
      case 'lowerCasePath':
        // V1: B1 spells the paths; whether their case matters is not said
        return s.observe(step, await rest.call('messaging-rest.ListFolders', 'GET', '/folder/list', s.rest('recipient')));
      case 'retractAsRecipient': {
        // spec §3.2 'Retract': only the sender retracts; the status of the refusal is not given (B3: a 4xx)
        const m = s.mid(op.k);
        if (m === undefined) return skipped(step);
        return s.observe(step, await rest.retract(s.rest('recipient'), m));
      }
    }
  },
};
