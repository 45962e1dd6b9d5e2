import type { Reading } from '../../contract/silences/index.js';
import type { AxisReader } from '../axes/axis.js';
import { ENVELOPE_PREFIX, EXTRA_ELEMENTS, FAULT_CODE, INNER_BOOLEANS, INNER_DATES, INNER_ROOTS, RESULT_ESCAPING, VOID_RESPONSE } from '../axes/messaging-soap.js';

/** The SOAP form's readings (reference/axes/messaging-soap.ts), as the envelope and inner-document writers take them. */
export interface SoapReadings {
  prefix: string;
  innerRoots: Reading<'soap-inner-xml-roots'>;
  dates: Reading<'soap-inner-xml-dates'>;
  booleans: Reading<'soap-inner-xml-booleans'>;
  faultCode: Reading<'soap-fault-code'>;
  extraElements: Reading<'soap-extra-elements'>;
  escaping: Reading<'soap-result-escaping'>;
  voidResponse: Reading<'soap-void-response'>;
}

export function soapReadings(v: AxisReader): SoapReadings {
  const prefix = v.get(ENVELOPE_PREFIX);
  return {
    prefix: prefix === 'default-namespace' ? '' : prefix,
    innerRoots: v.get(INNER_ROOTS),
    dates: v.get(INNER_DATES),
    booleans: v.get(INNER_BOOLEANS),
    faultCode: v.get(FAULT_CODE),
    extraElements: v.get(EXTRA_ELEMENTS),
    escaping: v.get(RESULT_ESCAPING),
    voidResponse: v.get(VOID_RESPONSE),
  };
}
