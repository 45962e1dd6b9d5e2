import type { Silence } from './types.js';

/** Silences of the SMTP gateway (spec §1 SMTP paragraph, §2.2, §4.2 SMTP rows, B7; clarifications G1-G9). */
export const SMTP_SILENCES: readonly Silence[] = [
  {
    id: 'smtp-reply-texts',
    section: '§1',
    sentence: 'The service also has an SMTP gateway.',
    readings: ['any greeting, EHLO and reply texts after the RFC 5321 codes', "the vendor's own wording"],
    neutral: 'the SMTP rules read reply codes and EHLO keywords only, never the text after a code (G7).',
    clarification: 'G7',
  },
  {
    id: 'smtp-refusal-code',
    section: '§1',
    sentence: 'The gateway accepts mail only from whitelisted IP addresses',
    readings: ['550 (B7: a 5xx reply)', '554', 'any other 5xx'],
    neutral: 'a refusal is any 5xx reply (RFC 5321 permanent negative completion); 4xx (try later) is not a refusal (G1).',
    clarification: 'G1',
  },
  {
    id: 'smtp-refusal-stage',
    section: '§1',
    sentence: 'The gateway accepts mail only from whitelisted IP addresses',
    readings: ['refused at MAIL FROM, once AUTH has named the company', 'refused at AUTH', 'refused at RCPT TO', 'refused at the greeting (554) or at the end of DATA'],
    neutral: 'the rules accept the 5xx wherever it comes, as long as no 250 ends DATA (B7: before any mail is accepted) (G1).',
    clarification: 'G1',
  },
  {
    id: 'smtp-removed-whitelist',
    section: '§4.2',
    sentence: 'Update IP whitelist | … An empty string as the request body removes the whitelist.',
    readings: ['no restriction (B7: the reference default)', 'accept nobody'],
    neutral: 'after removal the rule asserts only that the formerly listed and an unlisted address are treated alike; rules put back the whitelist they found (G2).',
    clarification: 'G2',
  },
  {
    id: 'smtp-whitelist-credentials',
    section: '§4.2',
    sentence: 'Update IP whitelist | … SMTPCredentialsModel. Sets an exclusive whitelist …; existing SMTP credentials are overwritten.',
    readings: ['the password is kept; the record (its Endpoints) is overwritten', 'a new password is generated with the update'],
    neutral: 'the suite reads the credentials afresh (Get company SMTP credentials) before every AUTH that follows a whitelist update (G4).',
    clarification: 'G4',
  },
  {
    id: 'smtp-whitelist-entry',
    section: '§2.2',
    sentence: 'SMTPEndpoint2Model | Domain (string), Incoming (boolean), IpAddress (string), Outgoing (boolean), Port (int), Subnet (string). One element per whitelist entry.',
    readings: ['Subnet as a dotted mask (255.255.255.255 names one address)', 'Subnet as a prefix length (32)', 'Port, Incoming, Outgoing and Domain read in other ways'],
    neutral: 'the target declares the fields of an entry that names one client address; the suite sends IpAddress with them (G3).',
    profileKey: 'smtp.whitelistEntry',
    clarification: 'G3',
  },
];
