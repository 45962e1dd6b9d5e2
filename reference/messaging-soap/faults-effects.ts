import type { SoapFaultDef } from './answer-faults.js';
import type { SoapPolicy } from './policy.js';
/**
 * Messaging SOAP faults of effects read back: a success answer that changes nothing, or a refusal
 * that changes something all the same. Each is caught only by a rule that reads the effect back
 * through another operation (clarification R1), and each is a decision of the SOAP form answered
 * otherwise (reference/messaging-soap/policy.ts).
 */
/** as in faults.ts; a rule of another interface is named in full */
const f = <I extends string>(id: I, rule: string, breaks: string, also?: { rules: string[]; why: string }) => ({
  id: `messaging-soap.${id}` as const,
  rule: `messaging-soap.${rule}`,
  breaks,
  ...(also ? { alsoBreaks: { rules: also.rules.map((r) => (r.startsWith('messaging-') ? r : `messaging-soap.${r}`)), why: also.why } } : {}),
});
const MODEL = 'model.one-mailbox';
const soap = (hooks: Partial<SoapPolicy>) => ({ soap: hooks });
const no = () => false;

export const SOAP_EFFECT_FAULTS = [
  { ...f('retract-noop', 'retract.sender-status', 'RetractMessage answers success but retracts nothing'), ...soap({ retractsMessage: no }) },
  { ...f('delete-noop', 'delete.to-trash', 'a normal DeleteMessage answers DeleteMessageResult but leaves the copy where it was', { rules: ['delete.trash-sequence', 'move.undelete', MODEL], why: 'they make a normal SOAP delete and read where the copy went' }), ...soap({ deletesCopy: no }) },
  { ...f('send-mime-noop', 'send-mime.new-mid', 'SendMIMEMessage answers a NewMID but sends nothing', { rules: ['send-mime.malformed-to-drafts', MODEL], why: 'they look up the message SendMIMEMessage made' }), ...soap({ sendsMime: no }) },
  { ...f('create-folder-noop', 'create-folder.new-fid', 'CreateFolder answers a NewFID but makes no folder', { rules: ['create-folder.name-exists', 'create-folder.name-length', 'create-folder.type-invalid', 'delete-folder.messages-to-parent', MODEL, 'move.same-type'], why: 'they use a folder made through SOAP CreateFolder, or judge a refused CreateFolder, which the fault answers with success before any check' }), ...soap({ createsFolder: no }) },
  { ...f('folder-type-invalid-made-anyway', 'create-folder.type-invalid', 'FolderType 2 or -1 is a Fault with the §7.2 text, but an inbox folder is made all the same'), ...soap({ makesRefusedFolder: (refusal) => refusal === 'folderTypeInvalid' }) },
  { ...f('folder-too-long-made-anyway', 'create-folder.name-length', 'a 66-character name is a Fault with the §7.2 text, but the folder is made all the same'), ...soap({ makesRefusedFolder: (refusal) => refusal === 'folderNameTooLong' }) },
  { ...f('folder-duplicate-made-anyway', 'create-folder.name-exists', 'a duplicate name is a Fault with the §7.2 text, but a second folder of that name is made all the same'), ...soap({ makesRefusedFolder: (refusal) => refusal === 'folderExists' }) },
] as const satisfies readonly SoapFaultDef[];
