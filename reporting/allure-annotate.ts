import { randomUUID } from 'node:crypto';
import { sep } from 'node:path';
import { expectationSentence } from './expectations.js';
import { esc } from './html-escape.js';
import { specHref } from './spec-link.js';
import { standingOf } from './standing.js';
import type { Standing, Summary } from '../contract/summary.js';
import { projectRoot } from '../contract/root.js';

/** The anchor of a section in the verdict page (index.html#sec-7.1). */
export const sectionAnchor = (section: string) => `sec-${section.replace(/^§/, '')}`;


/** Labels allure-vitest adds that tell a reader nothing about the rule. */
const NOISE = new Set(['framework', 'language', 'host', 'thread', 'package', 'story', 'annotated']);

const ROOT = projectRoot(import.meta.url) + sep;

/**
 * Machine paths out of a stack trace, words kept: the suite's root goes from
 * anywhere in the text; other absolute paths only where a stack frame names its file ("at f (/x/y.js:1:2)"),
 * so "POST /Provisioning/Cancel: expected…" and "node:internal/process/task_queues" stay whole.
 */
export function scrubTrace(trace: string): string {
  return trace
    .split(ROOT)
    .join('')
    .split('\n')
    .map((line) => (/^\s+at /.test(line) ? line.replace(/(?<=[\s(])(?:file:\/\/)?\/(?:[^\s():/]+\/)+/g, '') : line))
    .join('\n');
}

/**
 * A rule's standing as an Allure status. Allure has five (passed, failed, broken, skipped, unknown)
 * and counts failed and broken as failures in its totals, ring and categories; only what the verdict
 * counts is shown so. A warning is `unknown`, the one status that is neither a pass nor a failure;
 * an expected failure is `skipped`, as JUnit shows it (and allure-pytest an xfail); not applicable
 * is `skipped` too (the rule is not run against the target), told apart by the `standing` label and
 * its category (allure-render.ts).
 */
export const ALLURE_STATUS: Record<Standing, string> = { pass: 'passed', fail: 'failed', broken: 'broken', warning: 'unknown', expected: 'skipped', notApplicable: 'skipped' };
const STANDING_TAG: Record<Standing, string> = { pass: 'pass', fail: 'fail', broken: 'broken', warning: 'warning', expected: 'expected failure', notApplicable: 'not applicable' };

interface AllureResult {
  name?: string;
  status?: string;
  labels?: Array<{ name: string; value: string }>;
  links?: Array<{ name?: string; url: string; type?: string }>;
  description?: string;
  descriptionHtml?: string;
  statusDetails?: { message?: string; trace?: string };
  attachments?: Array<{ name: string; source: string; type: string }>;
}

/** A piece of a description: text, bold, code or a link; a block is a paragraph of them, or a quote of paragraphs. */
type Inline = string | { b: string } | { code: string } | { a: string; href: string };
type Block = Inline[] | { quote: Inline[][] };

const markdownInline = (i: Inline) => (typeof i === 'string' ? i : 'b' in i ? `**${i.b}**` : 'code' in i ? `\`${i.code}\`` : `[${i.a}](${i.href})`);
const htmlInline = (i: Inline) => (typeof i === 'string' ? esc(i) : 'b' in i ? `<strong>${esc(i.b)}</strong>` : 'code' in i ? `<code>${esc(i.code)}</code>` : `<a href="${esc(i.href)}">${esc(i.a)}</a>`);
const markdownOf = (b: Block) => (Array.isArray(b) ? b.map(markdownInline).join('') : b.quote.map((p) => `> ${p.map(markdownInline).join('')}`).join('\n>\n'));
const htmlOf = (b: Block) => (Array.isArray(b) ? `<p>${b.map(htmlInline).join('')}</p>\n` : `<blockquote>\n${b.quote.map((p) => `<p>${p.map(htmlInline).join('')}</p>\n`).join('')}</blockquote>\n`);

/**
 * Makes the Allure results read as rules: the id in the name, level, section and spec sentence
 * in the description, the reason of not applicable / broken / expected failure first, section
 * links that resolve (to the verdict page's section list, and to the unit each quote comes from
 * in spec.html beside the report), and stack traces moved out of the failure message into a collapsed
 * technical attachment. Idempotent: a merged or re-rendered run is annotated once. The
 * description is written twice from the same parts: as Markdown (`description`, for Allure 2
 * tooling) and as the HTML Allure 3 shows (`descriptionHtml`), its text escaped, so Allure renders
 * no Markdown per result (about a fifth of its render).
 *
 * Works on the results dir's files in memory (by name, as `files` holds them), so the caller reads
 * them once, sweeps them and writes back only what changed: each annotated result's new bytes and
 * each stack-trace attachment go into `files`, and their names are returned.
 */
export function annotateAllureResults(files: Map<string, Buffer>, summary: Summary): Set<string> {
  const byId = new Map(summary.rules.map((r) => [r.id, r]));
  const changed = new Set<string>();
  for (const [name, bytes] of [...files].filter(([n]) => n.endsWith('-result.json'))) {
    const result = JSON.parse(bytes.toString('utf8')) as AllureResult;
    const id = result.labels?.find((l) => l.name === 'ruleId')?.value;
    const rule = id ? byId.get(id) : undefined;
    if (!rule) continue;
    const back = `index.html#rule-${encodeURIComponent(rule.id)}`;
    if (result.description?.includes(back)) continue;
    // the tree is interface (epic) → spec section (feature: the home anchor's) → rule; labels that say nothing of the rule go
    result.labels = (result.labels ?? []).filter((l) => !NOISE.has(l.name)).map((l) => (l.name === 'feature' ? { ...l, value: rule.section } : l));
    result.name = `${rule.section} ${rule.title} [${rule.id}]`;
    // Allure shows a link that is not an absolute URL as plain text (the dead "rules of §7.3"):
    // the way back to the verdict page and to the spec (spec.html beside allure.html) is in the
    // description, whose Markdown links resolve
    result.links = [
      ...(result.links ?? []).filter((l) => !l.url.startsWith('interface-spec.md') && !l.url.startsWith('index.html') && !l.url.startsWith('spec.html')),
      ...(rule.expectation?.link ? [{ name: 'expectation', url: rule.expectation.link, type: 'issue' }] : []),
    ];
    const standing = standingOf(rule);
    const blocks: Block[] = [];
    if (rule.expectation) blocks.push([{ b: 'Expectation:' }, ` ${expectationSentence(rule.expectation)}`]);
    if (standing === 'notApplicable') blocks.push([{ b: 'Not applicable:' }, ` ${rule.reason ?? ''}`]);
    if (standing === 'warning') blocks.push([{ b: 'Warning' }, ` (a should-level rule that ${rule.outcome === 'fail' ? 'failed' : 'broke'}; not counted in the verdict): ${(rule.reason ?? '').split('\n')[0]}`]);
    if (standing === 'broken') blocks.push([{ b: 'Broken (could not be evaluated):' }, ` ${(rule.reason ?? '').split('\n')[0]}`]);
    blocks.push(
      [{ b: 'Rule' }, ' ', { code: rule.id }, ' · level ', { b: rule.level }, ` · ${rule.section} · ${rule.operation}`],
      [{ a: 'This rule on the verdict page', href: back }, ' · ', { a: `the rules of ${rule.section}`, href: `index.html#${sectionAnchor(rule.section)}` }, ' · ', { a: `${rule.section} in the spec`, href: specHref(rule.section) }],
      // the words the rule enforces, exactly as it quotes them, each linking to its unit in spec.html
      ...(rule.spec?.length ? rule.spec.map((ref): Block => ({ quote: [[ref.quote], ['— ', { a: ref.anchor, href: specHref(ref.anchor) }]] })) : rule.sentence ? [{ quote: [[rule.sentence]] }] : []),
      [rule.title],
    );
    result.description = blocks.map(markdownOf).join('\n\n');
    result.descriptionHtml = blocks.map(htmlOf).join('');
    result.labels.push({ name: 'standing', value: standing }, { name: 'tag', value: STANDING_TAG[standing] });
    // severity says how much a failure weighs: nothing for a rule the profile rules out
    if (standing === 'notApplicable') result.labels = result.labels.filter((l) => l.name !== 'severity');
    if (rule.expectation) result.labels.push({ name: 'tag', value: `expectation: ${rule.expectation.status}` });
    const details = result.statusDetails ?? {};
    if (details.trace) {
      const source = `${randomUUID()}-attachment.txt`;
      files.set(source, Buffer.from(scrubTrace(details.trace), 'utf8'));
      changed.add(source);
      result.attachments = [...(result.attachments ?? []), { name: "technical detail (stack trace, for the suite's authors)", source, type: 'text/plain' }];
      delete details.trace;
    }
    result.status = ALLURE_STATUS[standing];
    // not applicable is no error: its reason heads the description, and no "Error" box repeats it
    if (standing === 'notApplicable') delete details.message;
    if (standing === 'warning') details.message = `Warning (should-level, not counted in the verdict): ${details.message ?? rule.reason ?? ''}`;
    if (standing === 'expected') details.message = `Expected ${rule.outcome} (${rule.expectation!.reason}): ${details.message ?? ''}`;
    if (rule.expectation?.status === 'stale' || rule.expectation?.status === 'expired') details.message = expectationSentence(rule.expectation);
    result.statusDetails = details;
    files.set(name, Buffer.from(JSON.stringify(result), 'utf8'));
    changed.add(name);
  }
  return changed;
}
