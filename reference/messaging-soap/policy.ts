import { soapAction } from '../../contract/messaging-soap.js';
import type { User } from '../core/domain.js';
import type { SystemRole } from '../core/mail/model.js';
import type { MailPolicy } from '../core/mail/policy.js';

/**
 * The decisions of the messaging SOAP adapter (spec §4.4, B4), each named for the spec sentence
 * it keeps, beside the mail core's: the SOAP form hands the core this policy as its actor's, so a
 * fault of the SOAP form that answers a core decision otherwise (`soap` in its catalogue entry,
 * reference/messaging-soap/faults.ts) reaches SOAP requests only, and the REST form keeps the
 * spec's answer. SPEC_SOAP_DECISIONS answers the adapter's own decisions as the spec says.
 */
export interface SoapDecisions {
  // §5 rule 4, §4.4: every operation but Logon and ChangePassword names its session
  /** the user a request without a SessionKey acts as; undefined: none (§7.2 'User could not be authenticated') */
  userWithoutKey(users: Iterable<User>): User | undefined;
  // §4.4 ChangePassword (EmailAddr, no session key), §4.3 / §5.6
  changePasswordWithoutKey(): boolean;
  /** a ChangePassword that answers success changes the password */
  changesPassword(): boolean;
  // §4.4 GetFolderList, CreateFolder
  /** GetFolderList lists every folder of the user, the system folders too */
  listsSystemFolder(role: SystemRole): boolean;
  /** a CreateFolder that answers a NewFID makes that folder */
  createsFolder(): boolean;
  // §4.4 GetMIMEMessage, SendMIMEMessage; §3.2
  /** §3.2: a recipient's GetMIMEMessage writes tracking (marks the copy read) */
  mimeReadWritesTracking(): boolean;
  /** XML 1.0 §2.11: a CR the Message carries as `&#13;` is a CR of the MIME text */
  readsCrReferences(): boolean;
  /** a SendMIMEMessage that answers a NewMID sends (or drafts) that message */
  sendsMime(): boolean;
  // §4.4 MoveMessage, RetractMessage; §3.2
  /** a MoveMessage that answers success moves the message */
  movesMessage(): boolean;
  /** a RetractMessage that answers success retracts the message */
  retractsMessage(): boolean;
  // §4.4 SetInTransit / GetInTransit
  setsInTransit(): boolean;
  /** the Value GetInTransit answers, given the one SetInTransit set */
  inTransitValue(stored: boolean): boolean;
  // B4, SOAP 1.1: the request as the WSDL describes it
  /** the operation element must be in {soap_namespace} */
  requiresNamespace(): boolean;
  /** the SOAPAction header must name the operation of the Body */
  requiresSoapAction(): boolean;
  /** xs:int parts (minOccurs=1) must be present */
  requiresIntParts(): boolean;
  // ?WSDL: exactly the operations offered
  describesOperation(op: string): boolean;
  /** the soapAction the WSDL gives `op` (B4: `{soap_namespace}/{op}`) */
  describedAction(op: string, namespace: string): string;
}

/** The SOAP form's policy for one request: the mail core's decisions and the adapter's own. */
export type SoapPolicy = MailPolicy & SoapDecisions;

const yes = () => true;

/** The spec's answer to each of the adapter's own decisions. */
export const SPEC_SOAP_DECISIONS: SoapDecisions = {
  userWithoutKey: () => undefined,
  changePasswordWithoutKey: yes,
  changesPassword: yes,
  listsSystemFolder: yes,
  createsFolder: yes,
  mimeReadWritesTracking: yes,
  readsCrReferences: yes,
  sendsMime: yes,
  movesMessage: yes,
  retractsMessage: yes,
  setsInTransit: yes,
  inTransitValue: (stored) => stored,
  requiresNamespace: yes,
  requiresSoapAction: yes,
  requiresIntParts: yes,
  describesOperation: yes,
  describedAction: (op, namespace) => soapAction(namespace, op),
};
