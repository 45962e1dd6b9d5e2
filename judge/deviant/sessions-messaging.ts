import type { OperationId } from '../../contract/operations.js';
import type { DeviantClient } from './client.js';
import { soapDraft, type Body, type Draft } from './draft.js';
import { basesOf, searchUrl } from './urls.js';

/**
 * The conforming messaging sessions of the deviant client (spec §4.3, §4.4, §4.6; B3, B4, B6):
 * every REST and SOAP operation and a directory search, each request as the spec and the binding
 * say, in an order that works on the reference. Answers only feed later requests; no answer is
 * asserted (the judge judges the requests).
 */

const json = (value: unknown): Body => ({ kind: 'json', value });
const none: Body = { kind: 'none' };
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : 0);
const field = (v: unknown, name: string) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[name] : undefined);
/** An element of a SOAP result's inner XML (escaped in the string, B4). */
const inner = (text: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text.replace(/&lt;/g, '<').replace(/&gt;/g, '>'))?.[1];
const ASTRAL_NAME = (stem: string) => `${stem}-\u{1F4C1}\u{1F4C2}`;
const BMP_NAME = (stem: string) => `${stem}-Ärger-é`;

export const mime = (from: string, to: string, subject: string) =>
  [`From: ${from}`, `To: ${to}`, `Subject: ${subject}`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', 'Sent by the deviant client.', ''].join('\r\n');

function rest(c: DeviantClient) {
  const base = basesOf(c.profile)['messaging-rest'];
  return (op: OperationId, method: string, path: string, body: Body = none, key?: string): Draft => ({
    op,
    method,
    url: `${base}${path}`,
    headers: { accept: 'application/json', ...(key ? { 'x-session-key': key } : {}) },
    body,
  });
}

export async function restLogOn(c: DeviantClient, who: { email: string; password: string }): Promise<string> {
  const a = await c.send(rest(c)('messaging-rest.LogOn', 'POST', '/Account/Logon', json({ UserIdOrEmail: who.email, Password: who.password })));
  return String(field(a.json, 'SessionKey') ?? '');
}

export const restLogOut = (c: DeviantClient, key: string) => c.send(rest(c)('messaging-rest.LogOut', 'POST', '/Account/Logout', none, key));

/** Change password there and back, without a key (spec §5 rule 6), for an account of the profile's pool. */
async function changePassword(c: DeviantClient, send: (who: string, old: string, next: string) => Promise<number>, index: number) {
  const who = c.profile.messaging?.passwordChangeAccounts?.[index];
  if (!who) return;
  const now = c.shared.passwords.get(who.email) ?? who.password;
  const next = `${now.slice(0, 12)}-N${c.unique('')}`;
  if ((await send(who.email, now, next)) !== 200) return;
  c.shared.passwords.set(who.email, next);
  if ((await send(who.email, next, now)) === 200) c.shared.passwords.set(who.email, now);
}

export async function restSession(c: DeviantClient): Promise<void> {
  const r = rest(c);
  const me = c.profile.accounts!.primary!;
  const key = await restLogOn(c, me);
  // a client whose log-on is refused stops: it has no key to call with
  if (!key) return;
  await c.send(r('messaging-rest.GetAccountDetails', 'GET', '/Account/Details', none, key));
  await c.send(r('messaging-rest.ListFolders', 'GET', '/Folder/List', none, key));
  const fid = num(field((await c.send(r('messaging-rest.CreateFolder', 'POST', '/Folder', json({ FolderName: c.unique('Judge-'), FolderType: 0 }), key))).json, 'FolderId'));
  // names of each kind the §8 limit counts: ASCII above, then beyond ASCII and beyond the BMP
  const others: number[] = [];
  for (const name of [BMP_NAME(c.unique('J')), ASTRAL_NAME(c.unique('J'))]) others.push(num(field((await c.send(r('messaging-rest.CreateFolder', 'POST', '/Folder', json({ FolderName: name, FolderType: 1 }), key))).json, 'FolderId')));
  await c.send(r('messaging-rest.GetInboxMessageIds', 'POST', '/Message/GetInboxMessageIds', json({ FolderId: 1, MessageListFilter: 0, MustHaveAttachments: false }), key));
  await c.send(r('messaging-rest.GetMessageSummaries', 'POST', '/Message/GetMessageSummaries', json({ FolderId: 1, LastMessageIDReceived: 0 }), key));
  await c.send(r('messaging-rest.GetUnreadMessages', 'GET', '/Message/Inbox/Unread', none, key));
  const search = { Filter: '', FolderId: 1, GetInboxUnReadOnly: false, GetRetractedMsgs: false, OrderBy: 'DATE', OrderDesc: true, PageNum: 1, PageSize: 10 };
  await c.send(r('messaging-rest.SearchInbox', 'POST', '/Message/Inbox/Search', json(search), key));
  const send = { To: [me.email], From: me.email, Subject: c.unique('judge '), HtmlBody: '<p>judge</p>', TextBody: 'judge' };
  const mid = num(field((await c.send(r('messaging-rest.SendMessage', 'POST', '/Message', json(send), key))).json, 'MessageId'));
  await c.send(r('messaging-rest.GetMessageMetadata', 'GET', `/Message/${mid}/Metadata`, none, key));
  await c.send(r('messaging-rest.GetMessage', 'GET', `/Message/${mid}`, none, key));
  await c.send(r('messaging-rest.GetMimeMessage', 'GET', `/Message/${mid}/Mime`, none, key));
  const mimeMid = num(field((await c.send(r('messaging-rest.SendMimeMessage', 'POST', '/Message/Mime', json({ MimeMessage: mime(me.email, me.email, 'judge mime') }), key))).json, 'MessageId'));
  await c.send(r('messaging-rest.MoveMessage', 'POST', `/Message/${mimeMid}/Move`, json({ DestinationFolderId: fid }), key));
  await c.send(r('messaging-rest.RetractMessage', 'POST', `/Message/${mid}/Retract`, none, key));
  await c.send(r('messaging-rest.DeleteMessage', 'DELETE', `/Message/${mimeMid}`, none, key));
  await c.send(r('messaging-rest.DeleteFolder', 'DELETE', `/Folder/${fid}`, none, key));
  for (const other of others) await c.send(r('messaging-rest.DeleteFolder', 'DELETE', `/Folder/${other}`, none, key));
  const userField = c.profile.messaging?.changePasswordUserField ?? 'EmailAddr';
  await changePassword(c, async (who, old, next) => (await c.send(r('messaging-rest.ChangePassword', 'POST', '/Account/ChangePassword', json({ [userField]: who, OldPassword: old, NewPassword: next })))).status, 0);
  await restLogOut(c, key);
}

export async function soapSession(c: DeviantClient): Promise<void> {
  const url = basesOf(c.profile)['messaging-soap'];
  const ns = c.profile.soapNamespace ?? 'https://ssl.certifiedmail.com/CMv4';
  const call = (op: string, parts: Array<[string, string | number | boolean]>) => c.send(soapDraft(url, ns, op, parts));
  const me = c.profile.accounts!.peer!;
  const key = inner((await call('Logon', [['UserIDorEmail', me.email], ['Password', me.password]])).text, 'LogonResult') ?? '';
  if (!key) return;
  const k: [string, string] = ['SessionKey', key];
  await call('GetAccountDetails', [k]);
  await call('GetFolderList', [k]);
  const fid = num(inner((await call('CreateFolder', [k, ['FolderType', 0], ['FolderName', c.unique('SoapJudge-')]])).text, 'NewFID'));
  const others: number[] = [];
  for (const name of [BMP_NAME(c.unique('S')), ASTRAL_NAME(c.unique('S'))]) others.push(num(inner((await call('CreateFolder', [k, ['FolderType', 1], ['FolderName', name]])).text, 'NewFID')));
  const mid = num(inner((await call('SendMIMEMessage', [k, ['Message', mime(me.email, me.email, c.unique('soap judge '))]])).text, 'NewMID'));
  await call('GetMIMEMessage', [k, ['MID', mid], ['WithCMHeaderXML', false], ['WithTrackingXML', false], ['WithSecurityEnvelope', false]]);
  await call('GetInTransit', [k, ['FolderType', 1], ['MID', mid]]);
  await call('SetInTransit', [k, ['FolderType', 1], ['MID', mid], ['InTransitValue', false]]);
  await call('MoveMessage', [k, ['MID', mid], ['DestFID', fid]]);
  await call('RetractMessage', [k, ['MID', mid]]);
  await call('DeleteMessage', [k, ['FolderType', 0], ['MID', mid], ['PermanentlyDelete', false]]);
  await call('DeleteFolder', [k, ['FID', fid]]);
  for (const other of others) await call('DeleteFolder', [k, ['FID', other]]);
  const mailbox: Array<[string, string | number | boolean]> = [['MailboxType', 0], ['PageNum', 1], ['OrderBy', 'DATE'], ['FolderID', 1], ['Filter', ''], ['PageSize', 10], ['OrderDesc', true], ['GetRetractedMsgs', false], ['GetInboxUnReadOnly', false]];
  await call('GetMailboxXML', [k, ...mailbox]);
  await changePassword(c, async (who, old, next) => (await call('ChangePassword', [['EmailAddr', who], ['NewPassword', next], ['OldPassword', old]])).status, 1);
  await call('Logout', [k]);
}

export async function directorySession(c: DeviantClient): Promise<void> {
  const key = await restLogOn(c, c.profile.accounts!.peer!);
  if (!key) return;
  await c.send({ op: 'directory.Search', method: 'GET', url: searchUrl(basesOf(c.profile).directory, 'Smith'), headers: { accept: 'application/json', 'x-session-key': key }, body: none });
  await restLogOut(c, key);
}
