/**
 * The verdict page's look. Every text colour on its background is one of PAIRS, which the
 * self-test holds to WCAG 2.1 AA (contrast at least 4.5:1, success criterion 1.4.3); the layout
 * keeps a 360 px screen from scrolling sideways (criterion 1.4.10, reflow): wide tables and
 * exchanges scroll inside their own box. Focus is always visible (2.4.7).
 */

export const COLOURS = {
  text: '#1d2430',
  page: '#f5f6f8',
  card: '#ffffff',
  muted: '#4a5260',
  link: '#1e40af',
  pass: '#1f7a3d',
  fail: '#b3261e',
  // amber-800: white on the #d97706 of earlier pages was 3.19:1
  broken: '#92400e',
  na: '#475569',
  expected: '#6d28d9',
  warning: '#854d0e',
  noVerdict: '#4b5157',
  quote: '#f1f5f9',
  quoteCite: '#475569',
  code: '#0f172a',
  codeText: '#e2e8f0',
  leadFail: '#8c1d18',
  leadBroken: '#7c2d12',
  leadNa: '#334155',
} as const;

const c = COLOURS;

/** [foreground, background, where]: every pairing of text and background the page uses. */
export const PAIRS: ReadonlyArray<[string, string, string]> = [
  [c.text, c.page, 'body text'],
  [c.text, c.card, 'card text'],
  [c.muted, c.card, 'meta line'],
  [c.muted, c.page, 'facts'],
  [c.link, c.card, 'links and summaries'],
  [c.link, c.page, 'navigation'],
  ...(['pass', 'fail', 'broken', 'na', 'expected', 'warning'] as const).map((k): [string, string, string] => ['#ffffff', c[k], `${k} badge`]),
  ['#ffffff', c.pass, 'CONFORMS banner'],
  ['#ffffff', c.fail, 'DOES NOT CONFORM banner'],
  ['#ffffff', c.noVerdict, 'NO VERDICT banner'],
  [c.text, c.card, 'banner count labels (white chips)'],
  [c.leadFail, c.card, 'failure lead'],
  [c.leadBroken, c.card, 'broken lead'],
  [c.leadNa, '#f8fafc', 'not applicable lead'],
  [c.expected, c.card, 'expectation line'],
  [c.text, c.quote, 'quoted sentence'],
  [c.quoteCite, c.quote, 'quote citation'],
  [c.text, '#fde68a', 'the quoted word, marked in its unit'],
  [c.muted, c.card, 'context: a silence of the spec'],
  [c.codeText, c.code, 'exchanges'],
];

export const STYLE = `
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:${c.text};background:${c.page};overflow-wrap:anywhere}
main{max-width:1100px;margin:0 auto;padding:24px}
a{color:${c.link}}
a:focus-visible,summary:focus-visible{outline:3px solid ${c.link};outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:${c.card};padding:6px 10px;z-index:1}
.verdict{border-radius:10px;padding:20px 24px;color:#fff;margin-bottom:18px}
.verdict h1{margin:0 0 6px;font-size:32px;letter-spacing:.02em}
.verdict.CONFORMS{background:${c.pass}}.verdict.DOES-NOT-CONFORM{background:${c.fail}}.verdict.NO-VERDICT{background:${c.noVerdict}}
.counts{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0 0;padding:0;list-style:none}
.counts li{background:${c.card};color:${c.text};border-radius:6px;padding:3px 10px;font-size:14px}
.counts b{font-size:16px}
.run{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;color:${c.muted};font-size:13px;margin:0 0 14px}
.run dt{font-weight:600}.run dd{margin:0}
nav ul{display:flex;flex-wrap:wrap;gap:4px 16px;padding:0;margin:8px 0;list-style:none}
h2{margin:28px 0 10px;font-size:20px;border-bottom:1px solid #d6d9de;padding-bottom:4px}
.note{color:${c.muted};margin:-4px 0 10px}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;background:${c.card};overflow-wrap:normal}td,th{white-space:nowrap;padding:4px 12px;border:1px solid #dde0e4;text-align:right}td:first-child,th:first-child{text-align:left}
.rule{background:${c.card};border:1px solid #d6d9de;border-left:6px solid #999;border-radius:6px;padding:10px 14px;margin:10px 0;min-width:0}
.rule.pass{border-left-color:${c.pass}}.rule.fail{border-left-color:${c.fail}}.rule.broken{border-left-color:${c.broken}}
.rule.na{border-left-color:${c.na};background:#f8fafc}.rule.expected{border-left-color:${c.expected}}.rule.warning{border-left-color:${c.warning}}
.badge{display:inline-block;border-radius:4px;padding:1px 8px;font-size:12px;font-weight:600;text-transform:uppercase;color:#fff}
.badge.pass{background:${c.pass}}.badge.fail{background:${c.fail}}.badge.broken{background:${c.broken}}.badge.na{background:${c.na}}.badge.expected{background:${c.expected}}.badge.warning{background:${c.warning}}
.id{font-size:14px;font-weight:600}.meta{color:${c.muted};font-size:13px}
.lead{font-weight:600;margin:8px 0 4px}.rule.na .lead{color:${c.leadNa}}.rule.broken .lead{color:${c.leadBroken}}.rule.fail .lead{color:${c.leadFail}}
.title{margin:4px 0}.expectation{color:${c.expected};margin:4px 0}
.members{margin:6px 0;padding-left:20px}.members li{margin:4px 0}.members .own{font-size:13px;color:${c.leadFail}}
blockquote.sentence{margin:8px 0;padding:6px 12px;border-left:3px solid #94a3b8;background:${c.quote};font-style:italic}
blockquote cite{display:block;font-style:normal;font-size:12px;color:${c.quoteCite}}
blockquote.unit{font-style:normal}blockquote.unit mark{background:#fde68a;color:${c.text};font-weight:600}.which{display:block;font-size:12px;color:${c.quoteCite}}
.context{margin:8px 0;padding:4px 12px;border-left:3px dashed #94a3b8;font-size:13px;color:${c.muted}}.context p{margin:2px 0}
.decisive h4{margin:10px 0 4px;font-size:14px}.decisive pre{max-height:720px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:${c.code};color:${c.codeText};padding:8px;border-radius:4px;font-size:12px;max-height:420px;overflow:auto}
details summary{cursor:pointer;color:${c.link};margin:4px 0}
details details{margin-left:12px}
.section-rules li{margin:2px 0;list-style:none}.section-rules{padding-left:4px}
@media (max-width:600px){main{padding:12px}td,th{padding:4px 6px}.verdict{padding:14px}.verdict h1{font-size:24px}.run{grid-template-columns:1fr}.run dt{margin-top:4px}}
`;

/** WCAG 2.1 contrast ratio of two #rrggbb colours (relative luminance, definition in WCAG 2.1 §1.4.3). */
export function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
