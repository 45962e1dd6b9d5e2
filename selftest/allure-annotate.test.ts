import { describe, expect, test } from 'vitest';
import type { Summary } from '../contract/summary.js';
import { annotateAllureResults } from '../reporting/allure-annotate.js';

/** One result as allure-vitest writes it, for the rule `id`. */
const result = (id: string) => Buffer.from(JSON.stringify({ uuid: id, name: id, status: 'failed', labels: [{ name: 'ruleId', value: id }], statusDetails: { message: 'm' } }), 'utf8');

const rule = (id: string, extra: Record<string, unknown>) => ({
  id,
  interface: 'messaging-soap',
  section: '§4.4',
  level: 'must',
  outcome: 'notApplicable',
  title: 'a title with <tags> & *stars*',
  operation: 'GetFolderList',
  judges: [],
  file: 'specs/x.spec.ts',
  exchanges: 0,
  durationMs: 0,
  sections: ['§4.4'],
  spec: [{ anchor: '§4.4/body', quote: 'in the namespace {soap_namespace}' }],
  ...extra,
});

describe('annotateAllureResults', () => {
  test('writes the description as Markdown and as the HTML Allure shows, its text escaped and never read as markup', () => {
    const files = new Map([['a-result.json', result('messaging-soap.x.na')]]);
    const summary = { rules: [rule('messaging-soap.x.na', { reason: 'the profile lacks <soap:Body> & `code` *here*' })] } as unknown as Summary;
    annotateAllureResults(files, summary);
    const annotated = JSON.parse(files.get('a-result.json')!.toString('utf8')) as { description: string; descriptionHtml: string };
    expect(annotated.description).toContain('**Not applicable:** the profile lacks <soap:Body>');
    expect(annotated.description).toContain('> in the namespace {soap_namespace}\n>\n> — [§4.4/body](spec.html#%C2%A74.4%2Fbody)');
    expect(annotated.descriptionHtml).toBe(
      [
        '<p><strong>Not applicable:</strong> the profile lacks &lt;soap:Body&gt; &amp; `code` *here*</p>',
        '<p><strong>Rule</strong> <code>messaging-soap.x.na</code> · level <strong>must</strong> · §4.4 · GetFolderList</p>',
        '<p><a href="index.html#rule-messaging-soap.x.na">This rule on the verdict page</a> · <a href="index.html#sec-4.4">the rules of §4.4</a> · <a href="spec.html#%C2%A74.4">§4.4 in the spec</a></p>',
        '<blockquote>',
        '<p>in the namespace {soap_namespace}</p>',
        '<p>— <a href="spec.html#%C2%A74.4%2Fbody">§4.4/body</a></p>',
        '</blockquote>',
        '<p>a title with &lt;tags&gt; &amp; *stars*</p>',
        '',
      ].join('\n'),
    );
  });
});
