import type { Silence } from './types.js';

/** Silences of the administration interface (spec §1, §2.2, §4.2, §7.2, §9; clarifications A1-A8). */
export const ADMIN_SILENCES: readonly Silence[] = [
  {
    id: 'admin-key-answer',
    section: '§4.2',
    sentence: 'Get a session key | LoginModel, sent as an encrypted payload … | session key (string)',
    readings: ['a JSON string literal (vendor-wire §3, B3)', 'the key as plain text', 'a JSON object with one string field'],
    neutral: 'the client reads a JSON string, plain text, or the one string field of an object; the same for Get / Create a new encryption key (A2).',
    clarification: 'A2',
  },
  {
    id: 'account-list-model',
    section: '§2.2',
    sentence: 'AccountListModel | Returned by the list operation. Its fields: not shown.',
    readings: ['{ Accounts, Count, CurrentPage, TotalPages, TotalUsers, PageSize } (vendor-wire §3)', 'a bare array of accounts'],
    neutral: 'the accounts are the bare array or the object’s one array field; pages are followed while TotalPages says there are more (A3).',
    clarification: 'A3',
  },
  {
    id: 'user-type-model',
    section: '§2.2',
    sentence: 'UserTypeModel | Returned as a list of user types provisioned for a company. Its fields: not shown.',
    readings: ['TypeId as an int (CS-ADMIN)', 'TypeId as a string of digits (DMWEB-CS)', 'the id under another name'],
    neutral: 'the profile names the id field and the company’s TypeIds; digits in a string count as the int (A4).',
    profileKey: 'admin.userTypeIdField, admin.userTypeIds',
    clarification: 'A4',
  },
  {
    id: 'login-timestamp-format',
    section: '§2.2',
    sentence: 'LoginModel | Identity (IdentityModel), TimeStamp (datetime)',
    readings: ['ISO-8601 and MM/dd/yyyy hh:mm:ss a both read', 'only MM/dd/yyyy hh:mm:ss a (DMWEB-JAVA)', 'only ISO-8601 (CS-ADMIN)'],
    neutral: 'the suite sends the form the profile declares (A5).',
    profileKey: 'admin.timeStampFormat',
    clarification: 'A5',
  },
  {
    id: 'admin-errors',
    section: '§7.2',
    sentence: 'Errors of the administration and directory interfaces: not shown.',
    readings: ['400', '401', '403', 'any error envelope of B3'],
    neutral: 'every administration refusal is asserted as a 4xx; no text, status or envelope is required (A6).',
    clarification: 'A6',
  },
  {
    id: 'admin-delete-answer',
    section: '§4.2',
    sentence: 'Delete a user account | session key, IdentityModel | not shown',
    readings: ['200 with an empty body', '200 with a JSON string', '204'],
    neutral: 'any 2xx; the effect is observed through View and Log on (A7).',
    clarification: 'A7',
  },
  {
    id: 'account-update-blank',
    section: '§4.2',
    sentence: 'Overwrites all existing values: any body field left blank or null, except the password, is stored blank or null.',
    readings: ['stored as sent ("" or null)', 'stored as null', 'stored as ""'],
    neutral: 'a field sent blank or null must read back blank, null or absent; which of them is not asserted (A8).',
    clarification: 'A8',
  },
  {
    id: 'direct-edition-admin-methods',
    section: '§9',
    sentence: 'Some administration methods cannot be used on the direct-messaging edition.',
    readings: [
      'every operation offered (the reference’s default)',
      'Get an encryption key refused on the direct edition, and listed in the profile',
      'the SMTP settings methods (Get company SMTP credentials, Reset password, Update IP whitelist) refused on the direct edition, and listed',
      'another subset refused on the direct edition, and listed',
    ],
    neutral:
      'the profile lists the operations its edition lacks (default none); the harness makes every rule that would call a listed one not applicable, naming admin.unavailableOperations (E1); one rule checks the listed reads are refused and the others offered (A1).',
    profileKey: 'admin.unavailableOperations',
    clarification: 'A1',
  },
];
