import type { Silence } from './types.js';

/** Silences of the messaging SOAP form (spec §4.4, §9; B4; vendor-wire §4; clarifications S1-S10). */
export const MESSAGING_SOAP_SILENCES: readonly Silence[] = [
  {
    id: 'soap-envelope-prefix',
    anchors: ['§4.4/body-soap-1.1-envelope-one'],
    section: '§4.4',
    sentence: 'The body is a SOAP 1.1 envelope with one element named for the operation, in the namespace {soap_namespace}.',
    readings: ['soap: prefix', 'SOAP-ENV: prefix', 's: prefix', 'the envelope namespace as the default namespace'],
    neutral: 'the client resolves namespaces (contract/wire/xml.ts): elements and faultcode QNames are judged by namespace URI and local name, never by prefix.',
  },
  {
    id: 'soap-inner-xml-roots',
    anchors: ['§4.4/GetFolderList'],
    section: '§4.4',
    sentence: 'GetFolderList | SessionKey | GetFolderListResult (vendor-wire §4: "inner root names other than AccountDetails/SendMessage are unknown")',
    readings: ['Folders / CreateFolder / DeleteMessage / InTransit / Mailbox', 'FolderList / Folder / Result / GetInTransit / MessageList, with an XML declaration'],
    neutral: 'inner documents are read leniently: the known elements (FID, NewFID, NewMID, Value, MessageListItem...) are found by local name anywhere in the document.',
    clarification: 'S3',
  },
  {
    id: 'soap-inner-xml-dates',
    anchors: ['§2.3/fields-folder-list-folder-statistics'],
    section: '§2.3',
    sentence: 'Fields of the folder list and folder statistics, account details, message summaries ...: not shown.',
    readings: ['ISO 8601 with zone', "the vendor's display form (3/21/2018 5:20:00 PM (UTC+00:00))", 'xs:dateTime without zone'],
    neutral: 'no rule reads a date of an inner document.',
  },
  {
    id: 'soap-inner-xml-booleans',
    anchors: ['§4.4/GetInTransit'],
    section: '§4.4',
    sentence: 'GetInTransit | SessionKey, FolderType (int), MID (int) | GetInTransitResult: the InTransit state of the message',
    readings: ['true / false (xs:boolean)', 'True / False (.NET ToString)'],
    neutral: 'booleans are read case-insensitively, 1 and 0 included.',
  },
  {
    id: 'soap-fault-code',
    anchors: ['§7.2/title'],
    section: '§4.4',
    sentence: 'B4: a SOAP 1.1 Fault (HTTP 500, faultcode soap:Client for bad input or soap:Server), whose faultstring carries the spec §7.2 text.',
    readings: ['Client for what the caller sent, Server otherwise', 'always Server (ASMX SoapException)', 'always Client'],
    neutral: 'a Fault is judged by HTTP 500, a faultcode in the envelope namespace whose local name is Client or Server, and the §7.2 faultstring.',
    clarification: 'S1',
  },
  {
    id: 'soap-extra-elements',
    anchors: ['§4.4/success-http-200-whose-body'],
    section: '§4.4',
    sentence: 'A success is HTTP 200 whose body holds <OperationName>Response with a string child <OperationName>Result.',
    readings: ['only the documented elements', 'extra Header entries (no mustUnderstand), extra response children of another namespace after <Op>Result, extra inner elements, a Fault detail'],
    neutral:
      'the client reads the elements it needs by name and ignores the rest (B4: unknown elements allowed); the answer schema every success is validated against admits elements of other namespaces after <Op>Result (xs:any ##other), never read (clarification S11).',
    clarification: 'S11',
  },
  {
    id: 'soap-result-escaping',
    anchors: ['§4.4/success-http-200-whose-body'],
    section: '§4.4',
    sentence: '<OperationName>Result is a string child (vendor-wire §4: a string holding an XML document)',
    readings: ['character data with entities', 'a CDATA section'],
    neutral: 'both are the same string to an XML reader; the client takes the element text either way.',
  },
  {
    id: 'soap-void-response',
    anchors: ['§4.4/ChangePassword', '§4.4/Logout', '§4.4/DeleteFolder', '§4.4/MoveMessage', '§4.4/RetractMessage', '§4.4/SetInTransit'],
    section: '§4.4',
    sentence: 'ChangePassword / Logout / DeleteFolder / MoveMessage / RetractMessage / SetInTransit | ... | not shown',
    readings: ['an empty <Op>Response (the vendor WSDL)', '<Op>Response with a text <Op>Result'],
    neutral: 'a success of these operations is HTTP 200 with <Op>Response, which the answer schema lets be empty or hold one string <Op>Result (clarification S11); the text is not read.',
    clarification: 'S2',
  },
];
