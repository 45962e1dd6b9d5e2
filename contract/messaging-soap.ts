import type { Edition } from './profile.js';
import { absence, type OperationId } from './operations.js';

/**
 * The messaging SOAP service (spec §4.4, §9; vendor-wire §4; B4): the facts both the
 * reference's adapter and the harness's client build on. Element names and their order are the
 * vendor's (vendor-wire §4 table); the WSDL self-test checks them against the vendor's own WSDL.
 */

export const SOAP11_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_ENV = 'http://www.w3.org/2003/05/soap-envelope';
export const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
export const WSDL_SOAP11_NS = 'http://schemas.xmlsoap.org/wsdl/soap/';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

export type SoapType = 'string' | 'int' | 'boolean';

export interface SoapPart {
  name: string;
  type: SoapType;
}

/** What `<Op>Result` carries: a plain string, an XML document in a string, MIME text, or nothing (void). */
export type SoapResult = 'string' | 'xml' | 'mime' | 'void';

export interface SoapOperation {
  name: string;
  /** request children, in order (vendor-wire §4) */
  parts: readonly SoapPart[];
  result: SoapResult;
}

const s = (name: string): SoapPart => ({ name, type: 'string' });
const i = (name: string): SoapPart => ({ name, type: 'int' });
const b = (name: string): SoapPart => ({ name, type: 'boolean' });
const KEY = s('SessionKey');

/** spec §4.4 table, and the library-only GetMailboxXML (spec §2.3 inputs, vendor-wire §4 names). */
export const SOAP_OPERATIONS: readonly SoapOperation[] = [
  { name: 'Logon', parts: [s('UserIDorEmail'), s('Password')], result: 'string' },
  { name: 'GetAccountDetails', parts: [KEY], result: 'xml' },
  { name: 'ChangePassword', parts: [s('EmailAddr'), s('NewPassword'), s('OldPassword')], result: 'void' },
  { name: 'Logout', parts: [KEY], result: 'void' },
  { name: 'GetFolderList', parts: [KEY], result: 'xml' },
  { name: 'CreateFolder', parts: [KEY, i('FolderType'), s('FolderName')], result: 'xml' },
  { name: 'DeleteFolder', parts: [KEY, i('FID')], result: 'void' },
  { name: 'GetMIMEMessage', parts: [KEY, i('MID'), b('WithCMHeaderXML'), b('WithTrackingXML'), b('WithSecurityEnvelope')], result: 'mime' },
  { name: 'SendMIMEMessage', parts: [KEY, s('Message')], result: 'xml' },
  { name: 'MoveMessage', parts: [KEY, i('MID'), i('DestFID')], result: 'void' },
  { name: 'DeleteMessage', parts: [KEY, i('FolderType'), i('MID'), b('PermanentlyDelete')], result: 'xml' },
  { name: 'RetractMessage', parts: [KEY, i('MID')], result: 'void' },
  { name: 'GetInTransit', parts: [KEY, i('FolderType'), i('MID')], result: 'xml' },
  { name: 'SetInTransit', parts: [KEY, i('FolderType'), i('MID'), b('InTransitValue')], result: 'void' },
  {
    name: 'GetMailboxXML',
    parts: [KEY, i('MailboxType'), i('PageNum'), s('OrderBy'), i('FolderID'), s('Filter'), i('PageSize'), b('OrderDesc'), b('GetRetractedMsgs'), b('GetInboxUnReadOnly')],
    result: 'xml',
  },
];

export type SoapOperationName = (typeof SOAP_OPERATIONS)[number]['name'];

export function soapOperation(name: string): SoapOperation | undefined {
  return SOAP_OPERATIONS.find((o) => o.name === name);
}

/** spec §4.4: SOAPAction is {soap_namespace}/<OperationName>. */
export const soapAction = (namespace: string, op: string) => `${namespace.replace(/\/$/, '')}/${op}`;

/**
 * The operations a release offers (spec §9): a view of the one gate (contract/operations.ts
 * `absence`), for the reference's routes and WSDL and the rule that checks the WSDL.
 */
export function offeredOperations(edition: Edition, release: string): SoapOperation[] {
  const declared = { interfaces: ['messaging-soap' as const], edition, release };
  return SOAP_OPERATIONS.filter((o) => absence(declared, `messaging-soap.${o.name as SoapOperationName}` as OperationId) === undefined);
}
