import { axis } from './axis.js';

/**
 * The reference's readings where the SOAP form is silent (spec §4.4 'not shown', B4; vendor-wire
 * §4: "only the elements they read are known; inner root names other than AccountDetails /
 * SendMessage are unknown"). The default follows ASMX habits; the other readings are just as
 * legal, and the suite must pass under each.
 */

/** XML Namespaces: a prefix is a local alias; SOAP 1.1 names the namespace, not the prefix. */
export const ENVELOPE_PREFIX = axis('soap.envelope-prefix', 'soap-envelope-prefix');
/** vendor-wire §4: root names of the inner XML documents are unknown (except AccountDetails, SendMessage). */
export const INNER_ROOTS = axis('soap.inner-root-names', 'soap-inner-xml-roots');
/** spec §2.3: date formats not shown; inner documents carry dates (CreateTime, LastLoginDateTime...). */
export const INNER_DATES = axis('soap.inner-date-format', 'soap-inner-xml-dates');
/** booleans in inner documents: XML Schema 'true' or .NET's 'True' (GetInTransit Value). */
export const INNER_BOOLEANS = axis('soap.inner-booleans', 'soap-inner-xml-booleans');
/** B4: faultcode Client for bad input or Server; which one for a documented refusal is not shown. */
export const FAULT_CODE = axis('soap.fault-code', 'soap-fault-code');
/** B4 'tolerates unknown elements': extra elements in the Header, the response and inner documents. */
export const EXTRA_ELEMENTS = axis('soap.extra-elements', 'soap-extra-elements');
/** An XML document inside a string: escaped character data or a CDATA section (the same string). */
export const RESULT_ESCAPING = axis('soap.result-escaping', 'soap-result-escaping');
/** spec §4.4 'not shown' for the void operations: an empty <Op>Response, or one with a text <Op>Result. */
export const VOID_RESPONSE = axis('soap.void-response', 'soap-void-response');

export const SOAP_AXES = [ENVELOPE_PREFIX, INNER_ROOTS, INNER_DATES, INNER_BOOLEANS, FAULT_CODE, EXTRA_ELEMENTS, RESULT_ESCAPING, VOID_RESPONSE];
