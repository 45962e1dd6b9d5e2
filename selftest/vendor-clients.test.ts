import { describe, expect, test } from 'vitest';
import { csharpRead, javaRead, MODELS } from './support/vendor-readers.js';
import { inProcessReference } from './support/reference.js';

/**
 * The reference serves the vendor's own client libraries: each sends exactly
 * what vendor-wire §1.1 records for it (path casing, trailing slashes, body spellings, empty
 * bodies, headers) and reads the answer the way it does (support/vendor-readers.ts). The
 * default variant is the one no client chokes on (docs/clarifications.md V2).
 */
type Call = { method: string; path: string; key?: string; body?: string; type?: string | null };

describe('vendor clients against the reference (default variant)', () => {
  const { app, profile } = inProcessReference();
  const primary = profile.accounts!.primary!;
  const peer = profile.accounts!.peer!;
  const send = async (base: string, { method, path, key, body, type = 'application/json' }: Call) => {
    const headers: Record<string, string> = {};
    if (key) headers['X-Session-Key'] = key;
    if (type) headers['Content-Type'] = type;
    const res = await app.request(`${base}${path}`, { method, headers, body });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json };
  };
  const ok = (r: { status: number; text: string }, what: string) => expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBe(200);

  /** peer sends primary a message so that primary's inbox holds one (PY-LIB's defaults). */
  const seedInbox = async (subject: string): Promise<number> => {
    const base = '/SecureMessagingAPI';
    const logon = await send(base, { method: 'POST', path: '/Account/Logon', body: JSON.stringify({ UserIdOrEmail: peer.email, Password: peer.password }) });
    const key = (logon.json as { SessionKey: string }).SessionKey;
    const sent = await send(base, { method: 'POST', path: '/Message/', key, body: JSON.stringify({ To: [primary.email], Cc: [null], Bcc: [null], Subject: subject, TextBody: 'seed', HtmlBody: '', Attachments: [] }) });
    ok(sent, 'seed send');
    return (sent.json as { MessageId: number }).MessageId;
  };

  test('must show: POST /SecureMessagingApi/Account/Logon (the vendor casing) logs on', async () => {
    const r = await send('/SecureMessagingApi', { method: 'POST', path: '/Account/Logon', body: JSON.stringify({ UserIdOrEmail: primary.username, Password: primary.password }) });
    ok(r, 'logon');
    expect(javaRead(MODELS.SessionKey, r.json).SessionKey).toMatch(/\S{16,}/);
  });

  test('must show: a send with "Cc": [null] (the Python library default) is accepted', async () => {
    const mid = await seedInbox('cc-null');
    expect(Number.isInteger(mid)).toBe(true);
  });

  test('CS-REST: /SecureMessagingApi, "" for empty POSTs, Unread/?After=, Move/, string MessageId of send-MIME', async () => {
    const base = '/SecureMessagingApi';
    const mid = await seedInbox('cs-rest');
    const logon = await send(base, { method: 'POST', path: '/Account/Logon', body: JSON.stringify({ UserIdOrEmail: primary.email, Password: primary.password }) });
    const key = String(csharpRead(MODELS.SessionKey, logon.json).SessionKey);
    const details = await send(base, { method: 'GET', path: '/Account/Details', key, type: null });
    expect(csharpRead(MODELS.Details, details.json).EmailAddress).toBe(primary.email);
    const folders = csharpRead(MODELS.Folders, (await send(base, { method: 'GET', path: '/Folder/List', key, type: null })).json);
    expect(Array.isArray(folders.Folders)).toBe(true);
    const created = await send(base, { method: 'POST', path: '/Folder', key, body: JSON.stringify({ FolderName: 'cs-rest folder', FolderType: 0 }) });
    const folderId = Number(csharpRead(MODELS.NewFolderId, created.json).FolderId);
    const ids = await send(base, { method: 'POST', path: '/Message/GetInboxMessageIds', key, body: JSON.stringify({ FolderId: 1, MessageListFilter: 0, MustHaveAttachments: false }) });
    expect(csharpRead(MODELS.MessageIds, ids.json).MessageIds).toContain(mid);
    ok(await send(base, { method: 'POST', path: '/Message/GetMessageSummaries', key, body: JSON.stringify({ FolderId: 1, LastMessageIDReceived: 0 }) }), 'summaries');
    ok(await send(base, { method: 'GET', path: '/Message/Inbox/Unread/?After=0', key, type: null }), 'unread');
    const search = { Filter: '', FolderId: 1, GetInboxUnReadOnly: false, GetRetractedMsgs: false, OrderBy: 'DATE', OrderDesc: true, PageNum: 1, PageSize: 10 };
    ok(await send(base, { method: 'POST', path: '/Message/Inbox/Search', key, body: JSON.stringify(search) }), 'search');
    ok(await send(base, { method: 'GET', path: `/Message/${mid}`, key, type: null }), 'get');
    const mime = csharpRead(MODELS.MimeMessage, (await send(base, { method: 'GET', path: `/Message/${mid}/Mime`, key, type: null })).json);
    expect(String(mime.MimeMessage)).toContain('cs-rest');
    const outgoing = `From: ${primary.email}\r\nTo: ${peer.email}\r\nSubject: cs mime\r\n\r\nbody\r\n`;
    const sentMime = await send(base, { method: 'POST', path: '/Message/Mime', key, body: JSON.stringify({ MimeMessage: outgoing }) });
    ok(sentMime, 'send MIME');
    expect(typeof csharpRead({ MessageId: 'string' }, sentMime.json).MessageId).toBe('string');
    ok(await send(base, { method: 'GET', path: `/Message/${(sentMime.json as { MessageId: unknown }).MessageId}/Metadata`, key, type: null }), 'metadata');
    ok(await send(base, { method: 'POST', path: `/Message/${mid}/Move/`, key, body: JSON.stringify({ DestinationFolderId: folderId }) }), 'move');
    const deleted = await send(base, { method: 'DELETE', path: `/Message/${mid}`, key, type: null });
    expect(Number.isInteger(csharpRead({ NewFolderId: 'int', Results: 'string' }, deleted.json).NewFolderId)).toBe(true);
    ok(await send(base, { method: 'POST', path: `/Message/${(sentMime.json as { MessageId: unknown }).MessageId}/Retract`, key, body: '""' }), 'retract');
    ok(await send(base, { method: 'POST', path: '/Account/Logout', key, body: '""' }), 'logout');
    // CS-REST reads a failed Details call's body as a JSON string literal
    const failed = await send(base, { method: 'GET', path: '/Account/Details', key, type: null });
    expect(failed.status).toBe(401);
    expect(typeof failed.json).toBe('string');
  });

  test('JAVA-REST: SecureMessagingApi/ paths, charset=utf8 on Logon, FolderID, zero-length empty POSTs; strict models read every answer', async () => {
    const base = '/SecureMessagingApi';
    const mid = await seedInbox('java-rest');
    const logon = await send(base, { method: 'POST', path: '/Account/Logon', type: 'application/json; charset=utf8', body: JSON.stringify({ UserIdOrEmail: primary.username, Password: primary.password }) });
    const key = String(javaRead(MODELS.SessionKey, logon.json).SessionKey);
    const get = async (path: string) => (await send(base, { method: 'GET', path, key })).json;
    const post = async (path: string, body: unknown) => (await send(base, { method: 'POST', path, key, body: JSON.stringify(body) })).json;
    javaRead(MODELS.Details, await get('/Account/Details'));
    javaRead(MODELS.Folders, await get('/Folder/List'));
    const folderId = Number(javaRead(MODELS.NewFolderId, await post('/Folder', { FolderName: 'java folder', FolderType: 0 })).FolderId);
    expect(javaRead(MODELS.MessageIds, await post('/Message/GetInboxMessageIds', { FolderID: 1, MessageListFilter: 0, MustHaveAttachments: false })).MessageIds).toContain(mid);
    javaRead(MODELS.MessageSummariesResponse, await post('/Message/GetMessageSummaries', { FolderId: 1, LastMessageIDReceived: 0 }));
    javaRead(MODELS.MessageSummariesResponse, await get('/Message/Inbox/Unread?After=0'));
    javaRead(MODELS.SearchResponse, await post('/Message/Inbox/Search', { Filter: '', FolderId: 1, GetInboxUnReadOnly: false, GetRetractedMsgs: false, OrderBy: 'DATE', OrderDesc: false, PageNum: 1, PageSize: 10 }));
    javaRead(MODELS.Message, await get(`/Message/${mid}`));
    javaRead(MODELS.MimeMessage, await get(`/Message/${mid}/Mime`));
    const message = { To: [peer.email], From: primary.email, Cc: [], Bcc: [], Subject: 'java send', CreateTime: '', Attachments: [{ AttachmentBase64: 'aGk=', ContentType: 'text/plain', FileName: 'hi.txt', ContentId: '' }], HtmlBody: '', TextBody: 'hi' };
    const sent = Number(javaRead(MODELS.MessageId, await post('/Message/', message)).MessageId);
    javaRead(MODELS.MetaData, await get(`/Message/${sent}/Metadata`));
    const outgoing = `From: ${primary.email}\r\nTo: ${peer.email}\r\nSubject: java mime\r\n\r\nbody\r\n`;
    expect(Number.isInteger(javaRead(MODELS.MessageId, await post('/Message/Mime', { MimeMessage: outgoing })).MessageId)).toBe(true);
    ok(await send(base, { method: 'POST', path: `/Message/${mid}/Move`, key, body: JSON.stringify({ DestinationFolderId: folderId }) }), 'move');
    javaRead(MODELS.DeleteMessageResponse, (await send(base, { method: 'DELETE', path: `/Message/${mid}`, key })).json);
    ok(await send(base, { method: 'POST', path: `/Message/${sent}/Retract`, key, body: '' }), 'retract');
    ok(await send(base, { method: 'POST', path: '/Account/Logout', key, body: '' }), 'logout');
  });

  test('PY-LIB: /SecureMessagingAPI, {} for GetInboxMessageIds, null Cc/Bcc items, no body on empty POSTs; reads dict keys exactly', async () => {
    const base = '/SecureMessagingAPI';
    const mid = await seedInbox('py-lib');
    const logon = await send(base, { method: 'POST', path: '/Account/Logon', body: JSON.stringify({ UserIdOrEmail: primary.email, Password: primary.password }) });
    const key = (logon.json as Record<string, string>)['SessionKey']!;
    const ids = await send(base, { method: 'POST', path: '/Message/GetInboxMessageIds', key, body: '{}' });
    expect((ids.json as Record<string, number[]>)['MessageIds']).toContain(mid);
    const message = { To: [peer.email], Cc: [null], Bcc: [null], Subject: 'py send', Attachments: [], HtmlBody: '', TextBody: 'hi' };
    const sent = await send(base, { method: 'POST', path: '/Message/', key, body: JSON.stringify(message) });
    expect(Number.isInteger((sent.json as Record<string, number>)['MessageId'])).toBe(true);
    ok(await send(base, { method: 'POST', path: `/Message/${(sent.json as Record<string, number>)['MessageId']}/Retract`, key, type: null }), 'retract');
    ok(await send(base, { method: 'POST', path: '/Account/Logout', key, type: null }), 'logout');
  });
});

