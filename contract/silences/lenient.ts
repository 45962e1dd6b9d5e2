import { silence } from './types.js';

/** How a server reads input before it validates it (clarifications L1, L2). */
export const LENIENT_SILENCES = [
  silence({
    id: 'input-white-space',
    anchors: ['§2/type-notation-string-int-boolean'],
    section: '§2',
    sentence: 'The type notation is: string, int, boolean, datetime.',
    readings: ['as-sent', 'trimmed'],
    says: { 'as-sent': 'a string is validated as sent', trimmed: 'surrounding white space is trimmed first (.NET MailAddress trims: "a@aa.com\t" is well formed)' },
    neutral:
      'no value the suite sends as invalid becomes valid when trimmed, and no valid one has surrounding white space (generators/lenient-readings.ts; self-tests check every invalid generator under the reading).',
    clarification: 'L1',
  }),
  silence({
    id: 'numeric-strings',
    anchors: ['§2/type-notation-string-int-boolean'],
    section: '§2',
    sentence: 'The type notation is: string, int, boolean, datetime.',
    readings: ['numbers-only', 'numeric-strings'],
    says: { 'numbers-only': 'an int is a JSON number', 'numeric-strings': 'a string of digits (with an optional sign, white space around) is read as the int (Newtonsoft)' },
    neutral: 'the suite sends every int as a JSON number and no invalid int as a string, so both readings see the same values.',
    clarification: 'L2',
  }),
  silence({
    id: 'text-normalisation',
    anchors: ['§8/folder-name-length'],
    section: '§8',
    sentence: 'Folder name length | at most 65 characters',
    readings: ['as-sent', 'normalised'],
    says: { 'as-sent': 'text is stored as sent', normalised: 'it is case-folded or Unicode-normalised (NFC, NFKC) before a limit or a comparison' },
    neutral:
      'generated names use only characters that NFC and NFKC leave alone and that have no combining marks, so a length over 65 stays over 65 under every normalisation; invalid e-mail addresses, dates and codes stay invalid under case folding, NFC/NFKC and a dropped trailing dot.',
    inert: 'the inputs a server counts or compares are fixed points of every normalisation (a self-test proves it), so a normalising server sees exactly what the suite sent; the display text of the field round trips (F2) is neither counted nor compared by a server, only shown back.',
    clarification: 'L3',
  }),
  silence({
    id: 'shown-text-normalisation',
    anchors: ['§2/type-notation-string-int-boolean'],
    section: '§2',
    sentence: 'The type notation is: string, int, boolean, datetime.',
    readings: ['as-stored', 'nfc'],
    says: { 'as-stored': 'a read shows a string as it was stored', nfc: 'a read shows its canonical composition (NFC): a canonically equivalent sequence (Unicode C7)' },
    neutral:
      'the field round trips compare text after NFC on both sides: canonically equivalent text is the same text; compatibility forms (NFKC), case and white space are not, except that identifiers (e-mail addresses, UserId, SingleSignOnId) are compared without regard to case (F2).',
    clarification: 'F2',
  }),
] as const;
