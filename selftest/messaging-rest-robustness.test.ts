import fc from 'fast-check';
import PostalMime from 'postal-mime';
import { describe, expect, test } from 'vitest';
import { buildMime } from '../reference/core/mail/mime.js';
import type { Content } from '../reference/core/mail/model.js';
import { inProcessReference } from './support/reference.js';

/**
 * The reference's messaging REST adapter answers malformed input with a documented 4xx (B3:
 * 400 invalid input, 401 keys and inaccessible messages), never a 5xx or a crash.
 */
describe('reference messaging REST robustness', () => {
  const { app, profile } = inProcessReference();
  const base = '/SecureMessagingAPI';
  const logon = async (who: 'primary' | 'peer') => {
    const account = profile.accounts![who]!;
    const res = await app.request(`${base}/Account/Logon`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserIdOrEmail: account.username, Password: account.password }) });
    return ((await res.json()) as { SessionKey: string }).SessionKey;
  };
  const call = async (method: string, path: string, key: string | undefined, body?: string, contentType: string | null = 'application/json') => {
    const headers: Record<string, string> = {};
    if (key) headers['x-session-key'] = key;
    if (contentType) headers['content-type'] = contentType;
    return app.request(`${base}${path}`, { method, headers, body });
  };

  const BODY_ROUTES: Array<[string, string]> = [
    ['POST', '/Account/Logon'],
    ['POST', '/Account/ChangePassword'],
    ['POST', '/Folder'],
    ['POST', '/Message/GetInboxMessageIds'],
    ['POST', '/Message/GetMessageSummaries'],
    ['POST', '/Message/Inbox/Search'],
    ['POST', '/Message'],
    ['POST', '/Message/Mime'],
    ['POST', '/Message/1/Move'],
  ];

  test.each([
    ['truncated JSON', '{"FolderName":'],
    ['a JSON array', '[1,2]'],
    ['a number', '42'],
    ['a boolean', 'true'],
  ])('%s is refused with a 4xx by every route that reads a body', async (_name, body) => {
    const key = await logon('primary');
    for (const [method, path] of BODY_ROUTES) {
      const res = await call(method, path, key, body);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });

  test('an oversized body is refused with 400', async () => {
    const key = await logon('primary');
    const res = await call('POST', '/Message', key, JSON.stringify({ To: ['peer@reference.test'], Subject: 'x', TextBody: 'y'.repeat(300_000) }));
    expect(res.status).toBe(400);
  });

  test('B3: Log out and Retract accept a zero-length body, the JSON string "" and no Content-Type', async () => {
    for (const [body, type] of [['', 'application/json'], ['""', 'application/json'], [undefined, null]] as const) {
      const key = await logon('primary');
      expect((await call('POST', '/Account/Logout', key, body, type)).status).toBe(200);
    }
  });

  test('ids that are out of range or unknown get a 4xx', async () => {
    const key = await logon('primary');
    for (const path of ['/Message/99999999999999', '/Message/-5/Mime', '/Message/2147483647/Metadata']) {
      const res = await call('GET', path, key);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect((await call('DELETE', '/Folder/99999999999999', key)).status).toBeLessThan(500);
    expect((await call('DELETE', '/Message/12?Permanently=maybe', key)).status).toBe(400);
    expect((await call('GET', '/Message/Inbox/Unread?After=abc', key)).status).toBe(400);
  });

  test('any JSON body of any shape on any body route gets a 2xx or a 4xx, never a 5xx', async () => {
    const key = await logon('primary');
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
    const field = (name: string) => fc.tuple(fc.constant(name), value);
    const names = ['FolderName', 'FolderType', 'FolderId', 'FolderID', 'MessageListFilter', 'MustHaveAttachments', 'LastMessageIDReceived', 'Filter', 'GetInboxUnReadOnly', 'GetRetractedMsgs', 'OrderBy', 'OrderDesc', 'PageNum', 'PageSize', 'To', 'Cc', 'Bcc', 'Subject', 'TextBody', 'HtmlBody', 'Attachments', 'MimeMessage', 'DestinationFolderId', 'UserIdOrEmail', 'Password', 'OldPassword', 'NewPassword', 'EmailAddr'];
    const body = fc.array(fc.oneof(...names.map(field)), { maxLength: 6 }).map((pairs) => JSON.stringify(Object.fromEntries(pairs)));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BODY_ROUTES), fc.oneof(body, fc.string()), async ([method, path], text) => {
        const res = await call(method, path, key, text);
        expect(res.status, `${method} ${path} ${text}`).toBeLessThan(500);
      }),
      { seed: 20261122, numRuns: 400 },
    );
  });
});

describe('reference MIME writer', () => {
  test('what buildMime writes, postal-mime reads back: subject, addresses and bodies, any Unicode', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 120 }), fc.string({ unit: 'grapheme', maxLength: 400 }), fc.boolean(), async (subject, text, withHtml) => {
        const content: Content = {
          mid: 1,
          from: 'a@reference.test',
          to: ['b@reference.test'],
          cc: [],
          bcc: [],
          subject: subject.trim(),
          textBody: text,
          htmlBody: withHtml ? `<p>${text.replace(/[<&]/g, '')}</p>` : '',
          attachments: [],
          createdAt: new Date('2026-11-22T12:00:00Z'),
          expiresAt: new Date('2026-12-22T12:00:00Z'),
          retracted: false,
          tracking: [],
        };
        const parsed = await PostalMime.parse(buildMime(content));
        expect(parsed.subject ?? '').toBe(content.subject);
        expect((parsed.text ?? '').replace(/\r\n/g, '\n').replace(/\n$/, '')).toBe(text.replace(/\r\n/g, '\n').replace(/\n$/, ''));
        expect(parsed.from && !parsed.from.group ? parsed.from.address : undefined).toBe('a@reference.test');
      }),
      { seed: 20261122, numRuns: 200 },
    );
  });
});
