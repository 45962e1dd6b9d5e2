import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from '../../contract/summary.js';
import { SPEC_PAGE } from '../../reporting/spec-link.js';
import { specPage } from '../../reporting/spec-page.js';
import type { DiffResult } from './engine.js';
import { diffPage } from './report-html.js';
import { diffMarkdown } from './report.js';

/**
 * Writes diff.md, diff.html, diff.json and, beside them, spec.html (the interface spec unit by
 * unit, every unit's anchor its element id), where every spec link of diff.html lands. Every
 * secret of both profiles is replaced first.
 */
export function writeDiffReports(dir: string, r: DiffResult, secrets: string[]): string[] {
  mkdirSync(dir, { recursive: true });
  const scrub = (text: string) => secrets.filter((s) => s.length >= 6).reduce((t, s) => t.split(s).join('<secret>'), text);
  // the spec page of a run with no rule run: every rule of the catalogue is listed as not run, and its link home is this report
  const spec = specPage({ summary: { target: { url: `${r.target} vs ${r.against}` }, rules: [] } as unknown as Summary }).replace(
    /<a href="index\.html">the verdict page<\/a>/g,
    '<a href="diff.html">the diff report</a>',
  );
  const files: Array<[string, string]> = [
    ['diff.md', diffMarkdown(r)],
    ['diff.html', diffPage(r)],
    ['diff.json', `${JSON.stringify(r, null, 2)}\n`],
    [SPEC_PAGE, spec],
  ];
  for (const [name, text] of files) writeFileSync(join(dir, name), scrub(text));
  return files.map(([name]) => join(dir, name));
}
