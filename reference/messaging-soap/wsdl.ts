import type { SoapOperation } from '../../contract/messaging-soap.js';
import { escapeAttribute } from '../../contract/wire/xml.js';
import type { SoapDecisions } from './policy.js';

/**
 * The reference's own WSDL 1.1 of what it offers (document/literal wrapped, SOAP 1.1 binding),
 * written from spec §4.4 and vendor-wire §4, so WSDL-driven clients (zeep, .NET, Axis) can be
 * generated from `?WSDL`. Request children: strings minOccurs=0, ints and booleans minOccurs=1
 * (as ASMX types value types); every result is xs:string; void operations answer an empty element.
 */
export function wsdl(ops: readonly SoapOperation[], namespace: string, location: string, policy: Pick<SoapDecisions, 'describesOperation' | 'describedAction'>): string {
  const ns = escapeAttribute(namespace);
  const shown = ops.filter((o) => policy.describesOperation(o.name));
  const action = (op: string) => policy.describedAction(op, namespace);
  const seq = (body: string) => `<s:complexType><s:sequence>${body}</s:sequence></s:complexType>`;
  const elements = shown
    .map((o) => {
      const parts = o.parts.map((p) => `<s:element minOccurs="${p.type === 'string' ? 0 : 1}" maxOccurs="1" name="${p.name}" type="s:${p.type}"/>`).join('');
      const result = o.result === 'void' ? '<s:complexType/>' : seq(`<s:element minOccurs="0" maxOccurs="1" name="${o.name}Result" type="s:string"/>`);
      return `<s:element name="${o.name}">${seq(parts)}</s:element><s:element name="${o.name}Response">${result}</s:element>`;
    })
    .join('');
  const messages = shown
    .map((o) => `<wsdl:message name="${o.name}SoapIn"><wsdl:part name="parameters" element="tns:${o.name}"/></wsdl:message><wsdl:message name="${o.name}SoapOut"><wsdl:part name="parameters" element="tns:${o.name}Response"/></wsdl:message>`)
    .join('');
  const portOps = shown.map((o) => `<wsdl:operation name="${o.name}"><wsdl:input message="tns:${o.name}SoapIn"/><wsdl:output message="tns:${o.name}SoapOut"/></wsdl:operation>`).join('');
  const bindingOps = shown
    .map(
      (o) =>
        `<wsdl:operation name="${o.name}"><soap:operation soapAction="${escapeAttribute(action(o.name))}" style="document"/>` +
        `<wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="${ns}" targetNamespace="${ns}">` +
    `<wsdl:documentation>Secure messaging SOAP service (spec §4.4): the reference server's own description of what it offers.</wsdl:documentation>` +
    `<wsdl:types><s:schema elementFormDefault="qualified" targetNamespace="${ns}">${elements}</s:schema></wsdl:types>` +
    messages +
    `<wsdl:portType name="CMv4Soap">${portOps}</wsdl:portType>` +
    `<wsdl:binding name="CMv4Soap" type="tns:CMv4Soap"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>${bindingOps}</wsdl:binding>` +
    `<wsdl:service name="CMv4"><wsdl:port name="CMv4Soap" binding="tns:CMv4Soap"><soap:address location="${escapeAttribute(location)}"/></wsdl:port></wsdl:service>` +
    `</wsdl:definitions>`
  );
}
