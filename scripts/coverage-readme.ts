import { bySection, sectionKey, STATUSES, totalsOf, type SpecRule, type UnitAccount } from '../contract/spec/coverage.js';
import { sectionOf } from '../contract/spec/index.js';

/**
 * The README's coverage tables, generated between the
 * `<!-- generated:coverage -->` markers from the same accounts as docs/coverage.md: the rules
 * per interface with the sections their anchors name, the units per top-level section, and the
 * messaging SOAP operations of §4.4 with their rules. Only the "also" prose is hand-kept here.
 */

export const BEGIN = '<!-- generated:coverage -->';
export const END = '<!-- /generated:coverage -->';

const INTERFACES: ReadonlyArray<[id: string, name: string, also: string]> = [
  ['token', 'token', 'both MFA routes; required fields per grant as properties'],
  [
    'messaging-rest',
    'messaging REST',
    'folder-name and search-paging properties; the §3.1 Read/Unread column as tables over every status the suite can produce (5 included); a model-based test of a mailbox pair against a model of §3.2, under either trash reading',
  ],
  ['provisioning', 'provisioning', 'date and billing properties; the §7.3 coverage matrix, a view of `docs/coverage.md`, as a rule (`provisioning.errors.documented-names`; `reports/provisioning-coverage.md`)'],
  [
    'messaging-soap',
    'messaging SOAP',
    'every §4.4 operation and GetMailboxXML; every success validated by libxml2 against the XML Schema of its response element (`contract/soap-answers.ts`, the `soap-answers` matrix; clarification S11); Faults for bad input (SOAP 1.1, `should`); `?WSDL`; REST and SOAP as one mailbox (model-based, each operation through a random form); §9 gating by the profile\'s edition and release',
  ],
  ['admin', 'administration', 'see below'],
  ['smtp', 'SMTP gateway', 'real SMTP through nodemailer with STARTTLS to the gateway\'s own port; the dialogue as evidence; see below'],
  ['directory', 'directory', 'see below'],
];

const sections = (list: Iterable<string>) => [...new Set(list)].sort((a, b) => sectionKey(a).localeCompare(sectionKey(b)));

function interfaceTable(rules: readonly SpecRule[]): string[] {
  const rows = INTERFACES.map(([id, name, also]) => {
    const mine = rules.filter((r) => r.interface === id);
    const where = sections(mine.flatMap((r) => r.spec.map((s) => sectionOf(s.anchor))));
    return `| ${name} | ${where.join(', ') || '(no anchors yet)'} | ${mine.length} in \`specs/${id}/\` | ${also} |`;
  });
  return ['| interface | spec (sections its rules anchor to) | rules | also |', '|---|---|---|---|', ...rows];
}

function unitTable(accounts: readonly UnitAccount[]): string[] {
  const top = new Map<string, UnitAccount[]>();
  for (const [s, list] of bySection(accounts)) top.set(s.split('.')[0]!, [...(top.get(s.split('.')[0]!) ?? []), ...list]);
  const row = (name: string, list: readonly UnitAccount[]) => {
    const t = totalsOf(list);
    return `| ${name} | ${t.units} | ${STATUSES.map((s) => t[s]).join(' | ')} |`;
  };
  return [
    '| spec | units | enforced | silent | not observable | informative | uncovered |',
    '|---|---|---|---|---|---|---|',
    ...[...top].map(([s, list]) => row(s, list)),
    row('**total**', accounts),
  ];
}

function soapTable(accounts: readonly UnitAccount[]): string[] {
  const rows = accounts
    .filter((a) => a.section === '§4.4' && a.kind !== 'heading')
    .map((a) => {
      const ids = a.rules.filter((r) => r.interface === 'messaging-soap').map((r) => `\`${r.id.replace(/^messaging-soap\./, '')}\``);
      const label = a.kind === 'row' ? a.anchor.split('/')[1]! : `\`${a.anchor}\``;
      return `| ${label} | ${ids.join(', ') || (a.silences.length ? `silent: ${a.silences.map((s) => `\`${s}\``).join(', ')}` : a.status)} |`;
    });
  return ['| operation or sentence (spec §4.4) | rules (`messaging-soap.…`) |', '|---|---|', ...rows];
}

export function renderReadmeCoverage(accounts: readonly UnitAccount[], rules: readonly SpecRule[]): string {
  const t = totalsOf(accounts);
  return [
    BEGIN,
    '',
    ...interfaceTable(rules),
    '',
    `The spec, unit by unit (\`docs/coverage.md\`; every sentence, list item and table row of the spec): ${t.units} units, ${STATUSES.map((s) => `${t[s]} ${s}`).join(', ')}; ${rules.length} rules.`,
    '',
    ...unitTable(accounts),
    '',
    '### Messaging SOAP, operation by operation',
    '',
    ...soapTable(accounts),
    '',
    END,
  ].join('\n');
}

/** `text` with the generated block replaced (the markers must be there once, in order). */
export function replaceGenerated(text: string, block: string): string {
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md lacks the ${BEGIN} … ${END} markers around its coverage tables.`);
  return text.slice(0, from) + block + text.slice(to + END.length);
}
