import { XMLBuilder } from 'fast-xml-parser';
import { SOAP11_ENV, soapAction, soapOperation } from '../../contract/messaging-soap.js';
import type { OperationId } from '../../contract/operations.js';
import type { Account, Profile } from '../../contract/profile.js';
import { childNamed, escapeAttribute, escapeXml, parseXml, resolveQName, type XmlElement } from '../../contract/wire/xml.js';
import type { HttpClient, HttpResponse } from '../http.js';
import { sendNow, type FolderCreation } from './folder-creation.js';
import type { Redactor } from '../redact.js';

/**
 * The messaging SOAP interface at {base_url}/cmv4/cmv4.asmx (B1, B4; spec §4.4): SOAP 1.1
 * document/literal wrapped envelopes built and read with fast-xml-parser. Every call goes
 * through harness/http.ts, so the raw envelope pair is recorded as evidence (secrets redacted,
 * with a curl command that replays it). Methods return the parsed answer; specs judge it with
 * harness/soap-expect.ts.
 */

export type PartValue = string | number | boolean;
export type Parts = Array<[string, PartValue | undefined]>;

/** A response read as SOAP: a result, a Fault, or something that is neither. */
export interface SoapAnswer {
  op: string;
  /** {soap_namespace}: where the answer's elements belong (spec §4.4) */
  namespace: string;
  /** whether the rule judges this answer (sent outside a precondition), so its schema is checked (clarification S11) */
  judged: boolean;
  http: HttpResponse;
  /** why the body is not a SOAP 1.1 envelope with one Body child, if it is not */
  problem?: string;
  /** the Body's first child (the <Op>Response element, or the Fault) */
  body?: XmlElement;
  fault?: { code: { ns: string; local: string }; codeText: string; text: string };
  /** the <Op>Result element's string, where there is one */
  result?: string;
}

/** Values are escaped by contract/wire/xml.ts (a CR as `&#13;`, XML 1.0 §2.11), as the reference writes them. */
const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  suppressEmptyNode: false,
  processEntities: false,
  tagValueProcessor: (_name, value) => escapeXml(String(value)),
  attributeValueProcessor: (_name, value) => escapeAttribute(String(value)),
});

export class MessagingSoapClient {
  readonly endpoint: string;
  readonly namespace: string;

  constructor(
    private readonly http: HttpClient,
    profile: Profile,
    private readonly redact: Redactor,
    /** whether what is sent now is judged by the rule (harness/rule-context.ts phase) */
    private readonly judging: () => boolean = () => true,
    /** how a folder creation is sent (harness/clients/folder-creation.ts) */
    private readonly creatingFolder: FolderCreation = sendNow,
  ) {
    this.endpoint = (profile.urls.messagingSoap ?? `${profile.baseUrl.replace(/\/$/, '')}/cmv4/cmv4.asmx`).replace(/\/$/, '');
    this.namespace = profile.soapNamespace;
  }

  /** A SOAP 1.1 envelope with the operation element (and its children, in order) in `namespace`. */
  envelope(op: string, parts: Parts, namespace = this.namespace): string {
    const children = parts.filter(([, v]) => v !== undefined).map(([k, v]) => ({ [k]: [{ '#text': String(v) }] }));
    const doc = [
      { '?xml': [{ '#text': '' }], ':@': { version: '1.0', encoding: 'utf-8' } },
      { 'soap:Envelope': [{ 'soap:Body': [{ [op]: children, ':@': { xmlns: namespace } }] }], ':@': { 'xmlns:soap': SOAP11_ENV } },
    ];
    return builder.build(doc) as string;
  }

  /** POSTs a raw body with the spec §4.4 headers; `action` defaults to the operation's. */
  async post(op: string, body: string, action = soapAction(this.namespace, op)): Promise<SoapAnswer> {
    const headers = { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` };
    // the operation the Body names, if the spec has it; otherwise (a made-up element) the service
    const operation = soapOperation(op) ? (`messaging-soap.${op}` as OperationId) : undefined;
    const judged = this.judging();
    const http = await this.http.send('POST', this.endpoint, { headers, body, operation, service: 'messaging-soap' });
    return readAnswer(op, http, this.namespace, judged);
  }

  /** `actionOf` sends the SOAPAction of another operation than the Body's (a mismatch). */
  call(op: string, parts: Parts, options: { namespace?: string; actionOf?: string } = {}): Promise<SoapAnswer> {
    return this.post(op, this.envelope(op, parts, options.namespace), options.actionOf ? soapAction(this.namespace, options.actionOf) : undefined);
  }

  /** The operation's envelope cut off before its end tags: not well-formed XML. */
  malformed(op: string, parts: Parts): Promise<SoapAnswer> {
    const whole = this.envelope(op, parts);
    return this.post(op, whole.slice(0, whole.lastIndexOf(`</${op}>`)));
  }

  wsdl(): Promise<HttpResponse> {
    return this.http.send('GET', `${this.endpoint}?WSDL`, { service: 'messaging-soap' });
  }

  // ---- spec §4.4 operations, vendor element names (vendor-wire §4) ----

  async logon(account: Pick<Account, 'username' | 'password'>, password = account.password): Promise<SoapAnswer> {
    const answer = await this.call('Logon', [['UserIDorEmail', account.username], ['Password', password]]);
    // learn the key before anything can print it
    if (answer.result) this.redact.learn(answer.result.trim(), { what: 'SessionKey', owner: answer.http.actor, source: 'the answer to Logon' });
    return answer;
  }

  details = (key: string) => this.call('GetAccountDetails', [['SessionKey', key]]);
  changePassword = (email: string, oldPassword: string, newPassword: string) =>
    this.call('ChangePassword', [['EmailAddr', email], ['NewPassword', newPassword], ['OldPassword', oldPassword]]);
  logout = (key: string) => this.call('Logout', [['SessionKey', key]]);
  folderList = (key: string) => this.call('GetFolderList', [['SessionKey', key]]);
  createFolder = (key: string, type: number, name: string) => this.creatingFolder(key, () => this.call('CreateFolder', [['SessionKey', key], ['FolderType', type], ['FolderName', name]]));
  deleteFolder = (key: string, fid: number) => this.call('DeleteFolder', [['SessionKey', key], ['FID', fid]]);
  getMime = (key: string, mid: number) =>
    this.call('GetMIMEMessage', [['SessionKey', key], ['MID', mid], ['WithCMHeaderXML', false], ['WithTrackingXML', false], ['WithSecurityEnvelope', false]]);
  sendMime = (key: string, mime: string) => this.call('SendMIMEMessage', [['SessionKey', key], ['Message', mime]]);
  move = (key: string, mid: number, destFid: number) => this.call('MoveMessage', [['SessionKey', key], ['MID', mid], ['DestFID', destFid]]);
  deleteMessage = (key: string, folderType: number, mid: number, permanently: boolean) =>
    this.call('DeleteMessage', [['SessionKey', key], ['FolderType', folderType], ['MID', mid], ['PermanentlyDelete', permanently]]);
  retract = (key: string, mid: number) => this.call('RetractMessage', [['SessionKey', key], ['MID', mid]]);
  getInTransit = (key: string, folderType: number, mid: number) => this.call('GetInTransit', [['SessionKey', key], ['FolderType', folderType], ['MID', mid]]);
  setInTransit = (key: string, folderType: number, mid: number, value: boolean) =>
    this.call('SetInTransit', [['SessionKey', key], ['FolderType', folderType], ['MID', mid], ['InTransitValue', value]]);
  mailboxXml = (
    key: string,
    q: { mailboxType: number; folderId: number; pageNum: number; pageSize: number; filter?: string; orderDesc?: boolean; orderBy?: string; getRetractedMsgs?: boolean; getInboxUnReadOnly?: boolean },
  ) =>
    this.call('GetMailboxXML', [
      ['SessionKey', key],
      ['MailboxType', q.mailboxType],
      ['PageNum', q.pageNum],
      ['OrderBy', q.orderBy ?? 'DATE'],
      ['FolderID', q.folderId],
      ['Filter', q.filter ?? ''],
      ['PageSize', q.pageSize],
      ['OrderDesc', q.orderDesc ?? false],
      ['GetRetractedMsgs', q.getRetractedMsgs ?? true],
      ['GetInboxUnReadOnly', q.getInboxUnReadOnly ?? false],
    ]);
}

/** Reads an answer as a SOAP 1.1 envelope (namespaces resolved, prefixes free). */
export function readAnswer(op: string, http: HttpResponse, namespace: string, judged = true): SoapAnswer {
  const read = { op, http, namespace, judged };
  const parsed = parseXml(http.text);
  if (!parsed.ok) return { ...read, problem: `the body is ${parsed.reason}` };
  const env = parsed.root;
  if (env.local !== 'Envelope' || env.ns !== SOAP11_ENV) return { ...read, problem: `the root element is {${env.ns}}${env.local}, not the SOAP 1.1 Envelope` };
  const body = childNamed(env, 'Body', SOAP11_ENV);
  const first = body?.children[0];
  if (!first) return { ...read, problem: 'the Envelope has no Body child' };
  if (first.local === 'Fault' && first.ns === SOAP11_ENV) {
    const codeEl = childNamed(first, 'faultcode');
    const codeText = codeEl?.text.trim() ?? '';
    return { ...read, body: first, fault: { code: codeEl ? resolveQName(codeEl, codeText) : { ns: '', local: '' }, codeText, text: childNamed(first, 'faultstring')?.text ?? '' } };
  }
  const result = childNamed(first, `${op}Result`);
  return { ...read, body: first, result: result?.text };
}
