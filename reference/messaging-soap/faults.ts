import { SOAP_ANSWER_FAULTS, type RefusalCause, type SoapFaultDef, type SoapRefusalPatch } from './answer-faults.js';
import { SOAP_EFFECT_FAULTS } from './faults-effects.js';
import { mailLimitFaults } from '../mail-limit-faults.js';
import { responseXml, type SuccessAnswer } from './envelope.js';
import type { SoapPolicy } from './policy.js';
import { soapAction } from '../../contract/messaging-soap.js';

/**
 * One deliberate violation per way a messaging SOAP rule can be broken; see reference/faults.ts.
 * `rule` is the id of the spec test in specs/messaging-soap that must fail. Each is a decision of
 * the SOAP form answered otherwise (`soap`: reference/messaging-soap/policy.ts, the mail core's
 * decisions as the SOAP form asks them included) or a patch of its answer at the edge (`answer`,
 * `refusal`: answer-faults.ts), never a check inside a handler.
 */
const f = <I extends string>(id: I, rule: string, breaks: string, also?: { rules: string[]; why: string }) => ({
  id: `messaging-soap.${id}` as const,
  rule: `messaging-soap.${rule}`,
  breaks,
  ...(also ? { alsoBreaks: { rules: also.rules.map((r) => `messaging-soap.${r}`), why: also.why } } : {}),
});
/** The decisions a fault answers otherwise, for SOAP requests only. */
const soap = (hooks: Partial<SoapPolicy>) => ({ soap: hooks });
/** A patch of `op`'s Result text before it is written. */
const result = (op: string, patch: (text: string | undefined) => string | undefined) => ({ answer: { op, result: patch } });
/** A patch of a refusal as written. */
const refusal = (causes: readonly RefusalCause[] | 'any', patch: SoapRefusalPatch['patch'], op?: string) => ({ refusal: { causes, patch, ...(op ? { op } : {}) } });
const no = () => false;
const yes = () => true;
const first = <T>(all: Iterable<T>): T | undefined => all[Symbol.iterator]().next().value;
/** An inner-XML number the answer names (NewFID, NewMID), off by `by`. */
const offBy = (element: string, by: number) => (text: string | undefined) => text?.replace(new RegExp(`<${element}>(-?\\d+)</${element}>`), (_m, n: string) => `<${element}>${Number(n) + by}</${element}>`);
/** Measured spill (unscoped, --area messaging-soap): rules that need the broken step as a precondition. */
const MODEL = 'model.one-mailbox';
const modelToo = (why: string) => ({ rules: [MODEL], why: `the one-mailbox model drives the same SOAP operation and checks its §3.2 outcome (${why})` });

export const MESSAGING_SOAP_FAULTS = [
  ...SOAP_EFFECT_FAULTS,
  // §4.4 Logon, §7.2 Login
  { ...f('logon-empty-result', 'logon.session-key', 'LogonResult is an empty string', { rules: ['account-details.xml-result', 'change-password.email-without-key', 'create-folder.name-exists', 'create-folder.name-length', 'create-folder.new-fid', 'create-folder.type-invalid', 'delete-folder.messages-to-parent', 'delete-folder.system-refused', 'delete.not-deletable', 'delete.permanent', 'delete.trash-sequence', 'fault.malformed-xml', 'fault.missing-element', 'fault.soap-action', 'fault.unknown-operation', 'fault.wrong-namespace', 'folder-list.folders', 'get-mime.deleted-refused', 'get-mime.marks-read', 'get-mime.mime-text', 'get-mime.outsider-refused', 'in-transit.round-trip', 'logout.invalidates-key', 'mailbox-xml.listing', MODEL, 'move.across-types-refused', 'move.same-type', 'move.undelete', 'retract.recipient-keeps', 'send-mime.malformed-to-drafts', 'send-mime.new-mid', 'wire.response-shape'], why: 'every other SOAP rule logs on through SOAP first (broken, not fail)' }), ...result('Logon', () => '') },
  { ...f('logon-wrong-text', 'logon.invalid-credentials', 'a wrong password gets the faultstring "Invalid credentials" instead of the §7.2 text'), ...soap({ invalidCredentialsText: () => 'Invalid credentials' }) },
  { ...f('logon-fault-200', 'logon.invalid-credentials', 'the Fault for a wrong password comes with HTTP 200 instead of 500 (B4, SOAP 1.1 §6.2)'), ...refusal(['refused'], (r) => ({ ...r, status: 200 }), 'Logon') },
  // §4.4 GetAccountDetails
  { ...f('details-not-xml', 'account-details.xml-result', 'GetAccountDetailsResult is the text "OK", not an XML document'), ...result('GetAccountDetails', () => 'OK') },
  // §5 rule 4, §4.4 Logout
  { ...f('unknown-key-accepted', 'session.unknown-key-refused', 'a SessionKey the server never issued is taken as the first user', { rules: ['logout.invalidates-key'], why: 'a logged-out key is one the server no longer knows' }), ...soap({ userForUnknownKey: first }) },
  { ...f('missing-key-accepted', 'session.unknown-key-refused', 'an empty or missing SessionKey is taken as the first user'), ...soap({ userWithoutKey: first }) },
  { ...f('logout-keeps-key', 'logout.invalidates-key', 'Logout answers but the key keeps working'), ...soap({ logoutEndsSession: no }) },
  // §4.4 ChangePassword (EmailAddr, no session key)
  { ...f('change-password-needs-key', 'change-password.email-without-key', 'ChangePassword without a session key is refused'), ...soap({ changePasswordWithoutKey: no }) },
  { ...f('change-password-noop', 'change-password.email-without-key', 'ChangePassword answers success but keeps the old password'), ...soap({ changesPassword: no }) },
  // §4.4 GetFolderList, CreateFolder, DeleteFolder; §7.2 CreateFolder; §8
  { ...f('folder-list-no-system', 'folder-list.folders', 'the folder list leaves out the Inbox', { rules: ['delete-folder.system-refused', 'mailbox-xml.listing'], why: 'they find the Inbox in the SOAP folder list' }), ...soap({ listsSystemFolder: (role) => role !== 'inbox' }) },
  { ...f('create-folder-wrong-fid', 'create-folder.new-fid', 'NewFID names no folder the user has (the real id plus 1000)', { rules: ['delete-folder.messages-to-parent', MODEL, 'move.same-type'], why: 'they file messages into a folder made through SOAP CreateFolder' }), ...result('CreateFolder', offBy('NewFID', 1000)) },
  { ...f('create-folder-type-swapped', 'create-folder.new-fid', 'the folder is listed with the other FolderType', { rules: ['delete-folder.messages-to-parent', MODEL, 'move.across-types-refused', 'move.same-type'], why: 'they rely on the type of a folder made through SOAP CreateFolder' }), ...soap({ createsAskedFolderType: no }) },
  { ...f('folder-type-2-accepted', 'create-folder.type-invalid', 'FolderType 2 creates an inbox folder'), ...soap({ acceptsFolderType2: yes }) },
  { ...f('folder-type-negative-accepted', 'create-folder.type-invalid', 'FolderType -1 creates an inbox folder'), ...soap({ acceptsFolderTypeMinus1: yes }) },
  { ...f('folder-limit-64', 'create-folder.name-length', 'a 65-character name is refused as too long'), ...soap({ folderNameLimit: () => 64 }) },
  { ...f('folder-limit-66', 'create-folder.name-length', 'a 66-character name is accepted'), ...soap({ folderNameLimit: () => 66 }) },
  { ...f('folder-duplicates-allowed', 'create-folder.name-exists', 'CreateFolder makes every folder asked for: a second folder with the same name, and any name or type, without the §8 and §7.2 checks', { rules: ['create-folder.name-length', 'create-folder.type-invalid'], why: 'the fault creates folders without the core checks (length, type)' }), ...soap({ refusesDuplicateFolderNames: no, folderNameFits: yes, folderTypeAllowed: yes }) },
  { ...f('folder-delete-noop', 'delete-folder.messages-to-parent', 'DeleteFolder answers success but keeps the folder and its messages'), ...soap({ deletesFolder: no }) },
  { ...f('system-folder-delete-ok', 'delete-folder.system-refused', 'DeleteFolder of the Inbox answers success instead of a Fault'), ...soap({ refusesSystemFolderDelete: no }) },
  // §4.4 SendMIMEMessage, §3.2
  { ...f('send-mime-mid-offset', 'send-mime.new-mid', 'NewMID is one more than the MID the message got', { rules: [MODEL, 'send-mime.malformed-to-drafts'], why: 'they look up the message by NewMID' }), ...result('SendMIMEMessage', offBy('NewMID', 1)) },
  { ...f('send-mime-cr-as-text', 'send-mime.new-mid', 'the Message is read with its CRs as the text "&#13;" (character references left literal): a CRLF MIME is garbled and filed as a draft', { rules: [MODEL], why: 'the model sends MIME through SOAP and expects it delivered' }), ...soap({ readsCrReferences: no }) },
  { ...f('send-mime-malformed-fault', 'send-mime.malformed-to-drafts', 'improperly formatted MIME is refused with a Fault instead of saved in Drafts'), ...soap({ refusesMalformedMime: yes }) },
  // §4.4 GetMIMEMessage, §3.2, §7.2 GetMIMEMessage
  { ...f('mime-no-separator', 'get-mime.mime-text', 'the MIME text has no blank line between header and body'), ...result('GetMIMEMessage', (mime) => mime?.replace('\r\n\r\n', '\r\n')) },
  { ...f('mime-raw-cr', 'get-mime.crlf-line-ends', 'GetMIMEMessageResult is written with raw CRs (not &#13;), which every XML reader turns into LF (XML 1.0 §2.11)'), answer: { op: 'GetMIMEMessage', reshape: (a: SuccessAnswer) => ({ ...a, result: a.result?.split('&#13;').join('\r') }) } },
  { ...f('get-mime-no-tracking', 'get-mime.marks-read', 'a recipient reading the MIME message leaves it unread'), ...soap({ mimeReadWritesTracking: no }) },
  { ...f('outsider-mime-allowed', 'get-mime.outsider-refused', 'a user who neither sent nor received the message gets its MIME text'), ...soap({ outsiderReadsMime: yes }) },
  { ...f('outsider-mime-wrong-text', 'get-mime.outsider-refused', 'an outsider is refused with "User could not be authenticated" instead of the §7.2 permission text'), ...soap({ outsiderRefusal: () => 'notAuthenticated' }) },
  { ...f('purged-still-readable', 'get-mime.deleted-refused', 'a message the recipient deleted permanently is still served', modelToo('a purged copy must be refused')), ...soap({ purgedCopyReadable: yes }) },
  // §3.2 move, §4.4 un-delete, §8
  { ...f('move-noop', 'move.same-type', 'MoveMessage answers success but the message stays where it was', { rules: [MODEL, 'move.across-types-refused', 'move.undelete'], why: 'a no-op move also answers success across types and out of Trash' }), ...soap({ movesMessage: no }) },
  { ...f('move-across-types', 'move.across-types-refused', 'a received message moves into a custom outbox folder', modelToo('moves across types must be refused')), ...soap({ refusesMoveAcrossTypes: no }) },
  { ...f('undelete-refused', 'move.undelete', 'a message in Trash cannot be moved back to the Inbox', modelToo('the model moves deleted copies back to the Inbox (spec §4.4 Un-delete)')), ...soap({ undeletes: no }) },
  // §3.2 delete, §7.2 DeleteMessage
  { ...f('delete-purges', 'delete.trash-sequence', 'a normal delete purges the message instead of moving it to Trash', { rules: [MODEL, 'move.undelete'], why: 'un-delete needs the message in Trash' }), ...soap({ deleteStepsToTrash: no }) },
  { ...f('delete-skips-deleted-trash', 'delete.trash-sequence', 'a delete in Trash purges instead of moving to Deleted Trash'), ...soap({ trashDeleteStepsToDeletedTrash: no }) },
  { ...f('delete-result-missing', 'delete.trash-sequence', 'DeleteMessageResponse carries no DeleteMessageResult', { rules: ['delete.permanent', 'move.undelete'], why: 'they read DeleteMessageResult too' }), ...result('DeleteMessage', () => undefined) },
  { ...f('permanent-ignored', 'delete.permanent', 'PermanentlyDelete true only moves the message to Trash', modelToo('the permanent flag purges')), ...soap({ honoursPermanentDelete: no }) },
  { ...f('delete-all-copies', 'delete.permanent', "a delete removes the other users' copies too", modelToo('other copies stay')), ...soap({ deleteTakesOnlyOwnCopy: no }) },
  { ...f('outsider-delete-ok', 'delete.not-deletable', 'deleting a message the user has no copy of answers success', modelToo('deleting a purged copy is refused')), ...soap({ refusesDeletingOthersMessage: no, refusesDeletingPurged: no }) },
  { ...f('not-deletable-wrong-text', 'delete.not-deletable', 'deleting a message the user has no copy of faults with another §7.2 row ("Message could not be moved to the trash folder")'), ...soap({ notDeletedText: () => 'Message could not be moved to the trash folder' }) },
  // §3.2 retract
  { ...f('retract-removes-copies', 'retract.recipient-keeps', "RetractMessage removes the recipients' copies", modelToo('the recipient keeps the copy')), ...soap({ retractKeepsRecipientCopies: no }) },
  // §4.4 GetInTransit / SetInTransit
  { ...f('in-transit-set-ignored', 'in-transit.round-trip', 'SetInTransit answers success but the value does not change'), ...soap({ setsInTransit: no }) },
  { ...f('in-transit-always-true', 'in-transit.round-trip', 'GetInTransit answers true whatever was set'), ...soap({ inTransitValue: yes }) },
  // §2.3 / §4.4 GetMailboxXML
  { ...f('mailbox-xml-empty', 'mailbox-xml.listing', 'GetMailboxXML lists no messages'), ...result('GetMailboxXML', (xml) => xml?.replace(/<MessageListItem>[\s\S]*?<\/MessageListItem>/g, '')) },
  // §4.4 envelope and response shape, and every answer against its schema: reshaped at the edge
  ...SOAP_ANSWER_FAULTS,
  // SOAP 1.1 faults for bad input
  { ...f('malformed-plain-500', 'fault.malformed-xml', 'malformed XML gets a plain-text 500, not a SOAP Fault'), ...refusal(['malformed-xml'], () => ({ status: 500, type: 'text', body: 'Internal Server Error' })) },
  { ...f('malformed-200', 'fault.malformed-xml', 'malformed XML gets HTTP 200 with an empty response'), ...refusal(['malformed-xml'], (_r, e) => ({ status: 200, type: 'xml', body: responseXml(e.ch, e.namespace, 'Unknown', undefined) })) },
  { ...f('fault-code-unqualified', 'fault.malformed-xml', 'faultcode is a bare "Client" not bound to the SOAP envelope namespace', { rules: ['create-folder.name-exists', 'create-folder.name-length', 'create-folder.type-invalid', 'delete-folder.system-refused', 'delete.not-deletable', 'fault.missing-element', 'fault.soap-action', 'fault.unknown-operation', 'fault.wrong-namespace', 'get-mime.deleted-refused', 'get-mime.outsider-refused', 'logon.invalid-credentials', 'logout.invalidates-key', 'move.across-types-refused', 'session.unknown-key-refused'], why: 'every Fault rule judges the faultcode QName' }), ...refusal('any', (r) => ({ ...r, body: r.body.replace(/>[A-Za-z-]+:(Client|Server)</, '>$1<') })) },
  { ...f('wrong-namespace-accepted', 'fault.wrong-namespace', 'an operation element in another namespace is served'), ...soap({ requiresNamespace: no }) },
  { ...f('unknown-op-200', 'fault.unknown-operation', 'an unknown operation gets HTTP 200 with an empty response'), ...refusal(['unknown-operation'], (_r, e) => ({ status: 200, type: 'xml', body: responseXml(e.ch, e.namespace, e.op, undefined) })) },
  { ...f('missing-int-as-zero', 'fault.missing-element', 'a missing xs:int element is read as 0'), ...soap({ requiresIntParts: no }) },
  { ...f('soap-action-unchecked', 'fault.soap-action', 'a SOAPAction naming another operation than the Body is served'), ...soap({ requiresSoapAction: no }) },
  // ?WSDL
  { ...f('wsdl-drops-operation', 'wsdl.operations', 'the WSDL leaves out RetractMessage, which the endpoint offers'), ...soap({ describesOperation: (op) => op !== 'RetractMessage' }) },
  { ...f('wsdl-wrong-action', 'wsdl.operations', 'the WSDL gives MoveMessage the SOAPAction {ns}/Move'), ...soap({ describedAction: (op, namespace) => soapAction(namespace, op === 'MoveMessage' ? 'Move' : op) }) },
  // REST and SOAP are one mailbox
  { ...f('delete-trash-restores', 'model.one-mailbox', 'a SOAP delete of a message in Trash puts it back in the Inbox (Outbox for a sent copy): backward along the trash sequence', { rules: ['delete.trash-sequence'], why: 'its second delete is a SOAP delete of a message in Trash' }), ...soap({ deleteInTrash: () => 'restore' }) },
  { ...f('delete-restarts-trash', 'model.one-mailbox', 'a SOAP delete of a message already in Trash puts it in Trash again (it forgets the earlier delete)', { rules: ['delete.trash-sequence'], why: 'its second delete is a SOAP delete of a message in Trash' }), ...soap({ deleteInTrash: () => 'repeat' }) },
  // the limits table's cells of CreateFolder (contract/limits-messaging.ts), one fault each
  ...mailLimitFaults('messaging-soap.CreateFolder'),
] as const satisfies readonly SoapFaultDef[];
