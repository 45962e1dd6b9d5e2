import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { SOAP11_ENV } from '../contract/messaging-soap.js';
import type { Profile } from '../contract/profile.js';
import { childNamed, descendantsNamed, parseXml } from '../contract/wire/xml.js';
import { MessagingSoapClient } from '../harness/clients/messaging-soap.js';
import { HttpClient } from '../harness/http.js';
import { composeTransport } from '../harness/transport/compose.js';
import { WorkerTransport } from '../harness/transport/worker.js';
import { Redactor } from '../harness/redact.js';
import { inProcessReference } from './support/reference.js';

/**
 * The SOAP wire read as XML 1.0 defines it, both ways, from one
 * table. Each content form (character references, predefined entities, CDATA, comments, PIs, raw
 * line ends) inside each envelope form (prefixes, default namespace, declaration, BOM, attributes)
 * is read as the same string by the reference (a CreateFolder name read back from GetFolderList)
 * and by the harness's client (a GetFolderListResult from a fake server on port 0).
 */

const NS = 'https://ssl.certifiedmail.com/CMv4';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** What is written inside an element, and the string every XML 1.0 reader reads from it. */
const CONTENT: ReadonlyArray<{ form: string; written: string; value: string }> = [
  { form: 'decimal character references (XML 1.0 §4.1)', written: 'a&#13;&#10;b&#38;c&#9;d', value: 'a\r\nb&c\td' },
  { form: 'hex character references, either case of digits (§4.1)', written: 'a&#xD;&#xa;b&#x26;&#x1F600;', value: 'a\r\nb&😀' },
  { form: 'the five predefined entities (§4.6)', written: '&lt;p&gt; &amp; &quot;q&quot; &apos;', value: '<p> & "q" \'' },
  { form: 'a CDATA section, taken literally (§2.7)', written: '<![CDATA[<b>&amp;&#13;</b>]]>', value: '<b>&amp;&#13;</b>' },
  { form: 'CDATA sections split around "]]>", a CR between them', written: '<![CDATA[x]]]]><![CDATA[>y]]>&#13;<![CDATA[\nz]]>', value: 'x]]>y\r\nz' },
  { form: 'a comment inside the text (§2.5)', written: 'ab<!-- not text -->cd', value: 'abcd' },
  { form: 'a processing instruction inside the text (§2.6)', written: 'ab<?hint not text?>cd', value: 'abcd' },
  { form: 'raw CRLF and a lone CR, read as LF (§2.11)', written: 'a\r\nb\rc', value: 'a\nb\nc' },
  { form: 'a zeep/lxml line end: &#13; then a raw LF', written: 'a&#13;\nb', value: 'a\r\nb' },
];

/** Envelopes around one Body child, in the forms SOAP 1.1 and XML allow. */
const ENVELOPES: ReadonlyArray<{ form: string; wrap: (child: string) => string }> = [
  { form: 'prefix soap', wrap: (x) => `<soap:Envelope xmlns:soap="${SOAP11_ENV}"><soap:Body>${x}</soap:Body></soap:Envelope>` },
  { form: 'prefix SOAP-ENV, an XML declaration', wrap: (x) => `<?xml version="1.0" encoding="utf-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP11_ENV}"><SOAP-ENV:Body>${x}</SOAP-ENV:Body></SOAP-ENV:Envelope>` },
  { form: 'the default namespace', wrap: (x) => `<Envelope xmlns="${SOAP11_ENV}"><Body>${x}</Body></Envelope>` },
  { form: 'a UTF-8 BOM, a comment and a PI before the root', wrap: (x) => `\uFEFF<?xml version="1.0"?><!-- sent by a test --><?client x?>\r\n<s:Envelope xmlns:s="${SOAP11_ENV}">\n <s:Body>${x}</s:Body></s:Envelope>` },
  {
    form: 'attributes on elements, an empty Header',
    wrap: (x) => `<e:Envelope xmlns:e="${SOAP11_ENV}" xmlns:xsi="${XSI}" e:encodingStyle="" id='env'><e:Header/><e:Body id="b">${x}</e:Body></e:Envelope>`,
  },
];

/** The operation element: in the default namespace (ASMX, .NET) or with a prefix (zeep's ns0). */
function operation(op: string, parts: Array<[string, string]>, prefixed: boolean): string {
  const q = (n: string) => (prefixed ? `ns0:${n}` : n);
  const decl = prefixed ? `xmlns:ns0="${NS}"` : `xmlns="${NS}"`;
  return `<${q(op)} ${decl}>${parts.map(([k, v]) => `<${q(k)} xsi:type="xsd:string" xmlns:xsi="${XSI}">${v}</${q(k)}>`).join('')}</${q(op)}>`;
}

const cases = ENVELOPES.flatMap((e, i) => CONTENT.map((c, j) => ({ ...c, envelope: e, prefixed: (i + j) % 2 === 1, tag: `${i}.${j} ` })));

/** Forms no XML 1.0 reader may accept: refused, and nothing of them is expanded or acted on. */
const REFUSED: ReadonlyArray<{ form: string; doc: (child: string) => string }> = [
  { form: 'a DOCTYPE declaring an entity (SOAP 1.1 §3)', doc: (x) => `<?xml version="1.0"?><!DOCTYPE e:Envelope [<!ENTITY big "boom"><!ENTITY bigger "&big;&big;&big;">]><e:Envelope xmlns:e="${SOAP11_ENV}"><e:Body>${x.replace('REFUSED', '&bigger;')}</e:Body></e:Envelope>` },
  { form: 'a DOCTYPE with an internal subset only', doc: (x) => `<!DOCTYPE e:Envelope [<!ATTLIST e:Envelope a CDATA "b">]><e:Envelope xmlns:e="${SOAP11_ENV}"><e:Body>${x}</e:Body></e:Envelope>` },
  { form: 'an entity XML does not predefine (&nbsp;)', doc: (x) => `<e:Envelope xmlns:e="${SOAP11_ENV}"><e:Body>${x.replace('REFUSED', 'a&nbsp;b')}</e:Body></e:Envelope>` },
  { form: 'a character reference to a non-character (&#1;)', doc: (x) => `<e:Envelope xmlns:e="${SOAP11_ENV}"><e:Body>${x.replace('REFUSED', 'a&#1;b')}</e:Body></e:Envelope>` },
  { form: 'an undeclared prefix', doc: (x) => `<e:Envelope xmlns:e="${SOAP11_ENV}"><e:Body><q:Extra/>${x}</e:Body></e:Envelope>` },
];

describe('the reference reads each XML form of a request as the same string', () => {
  const { app, profile } = inProcessReference();
  const post = async (op: string, body: string) => {
    const res = await app.request('/cmv4/cmv4.asmx', { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}/${op}"` }, body });
    const parsed = parseXml(await res.text());
    if (!parsed.ok) throw new Error(`${op}: the reference answered ${parsed.reason}`);
    return { status: res.status, first: childNamed(parsed.root, 'Body', SOAP11_ENV)!.children[0]! };
  };
  const result = async (op: string, body: string) => {
    const { status, first } = await post(op, body);
    expect(first.local, `${op} answers ${first.local}: ${descendantsNamed(first, 'faultstring')[0]?.text ?? ''}`).toBe(`${op}Response`);
    expect(status).toBe(200);
    return childNamed(first, `${op}Result`)?.text ?? '';
  };
  const logon = () => {
    const primary = profile.accounts!.primary!;
    return result('Logon', ENVELOPES[0]!.wrap(operation('Logon', [['UserIDorEmail', primary.username], ['Password', primary.password]], false)));
  };
  const folderNames = async (key: string) => {
    const inner = parseXml(await result('GetFolderList', ENVELOPES[0]!.wrap(operation('GetFolderList', [['SessionKey', key]], false))));
    if (!inner.ok) throw new Error(inner.reason);
    return descendantsNamed(inner.root, 'Name').map((n) => n.text);
  };

  test.each(cases)('$envelope.form, ns0 prefix $prefixed: $form', async (c) => {
    const key = await logon();
    await result('CreateFolder', c.envelope.wrap(operation('CreateFolder', [['SessionKey', key], ['FolderType', '0'], ['FolderName', c.tag + c.written]], c.prefixed)));
    expect(await folderNames(key)).toContain(c.tag + c.value);
  });

  test.each(REFUSED)('$form: a Client Fault (HTTP 500), never a crash, nothing expanded or created', async ({ form, doc }) => {
    const key = await logon();
    const before = await folderNames(key);
    const { status, first } = await post('CreateFolder', doc(operation('CreateFolder', [['SessionKey', key], ['FolderType', '0'], ['FolderName', `refused REFUSED`]], false)));
    expect(status, form).toBe(500);
    expect(first.local).toBe('Fault');
    expect(childNamed(first, 'faultcode')?.text.split(':').pop()).toBe('Client');
    expect(await folderNames(key)).toEqual(before);
  });
});

describe("the harness's SOAP client reads each XML form of a response as the same string", () => {
  let answer = '';
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(answer));
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const client = async () => {
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const http = new HttpClient(composeTransport(new WorkerTransport(), { timeoutMs: 5_000, deadline: Date.now() + 60_000 }), { timeoutMs: 5_000, redact: new Redactor() });
    return new MessagingSoapClient(http, { baseUrl: url, urls: {}, soapNamespace: NS } as unknown as Profile, new Redactor());
  };
  /** A response element (the request's shape works for it: <OpResponse><OpResult>). */
  const response = (written: string, prefixed: boolean) => operation('GetFolderListResponse', [['GetFolderListResult', written]], prefixed);

  test.each(cases)('$envelope.form, prefixed $prefixed: $form', async (c) => {
    const soap = await client();
    answer = c.envelope.wrap(response(c.written, c.prefixed));
    const a = await soap.folderList('key');
    expect(a.problem).toBeUndefined();
    expect(a.result).toBe(c.value);
  });

  test.each(REFUSED)('$form: not read as a result', async ({ doc }) => {
    const soap = await client();
    answer = doc(response('REFUSED', false));
    const a = await soap.folderList('key');
    expect(a.result).toBeUndefined();
    expect(a.problem).toMatch(/not well-formed/);
  });

  test('the client writes a CR as &#13;, so the server reads CRLF', async () => {
    const soap = await client();
    const written = soap.envelope('SendMIMEMessage', [['SessionKey', 'k'], ['Message', 'A: b\r\n\r\n<x> & "y"\r\n']]);
    expect(written).toContain('A: b&#13;\n&#13;\n&lt;x&gt; &amp; &quot;y&quot;&#13;\n');
    const parsed = parseXml(written);
    expect(parsed.ok && descendantsNamed(parsed.root, 'Message')[0]!.text).toBe('A: b\r\n\r\n<x> & "y"\r\n');
  });
});
