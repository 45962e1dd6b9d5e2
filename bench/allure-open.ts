/**
 * How long the Allure view of a run takes to show its first content in headless Chromium
 * (Debian's `chromium`, driven over the DevTools protocol as bench/screenshots.ts does), and how
 * long an "in Allure" link of the verdict page takes to show its rule: a benchmark, never a test.
 *
 *   node --import tsx bench/allure-open.ts REPORTS_DIR [REPORTS_DIR ...]
 *
 * Give the reports dir of a run made before the light report (allure.html one file) and one made
 * after, on the same machine; each is opened RUNS times in a fresh browser (the first open is
 * cold, the next warm), timed from Page.navigate until the page's loader is gone and the report's
 * headline and its first interface group are on screen; then the first "in Allure" link of
 * index.html is opened until the rule's id is on screen.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openBrowser, type Send } from './chromium.js';

const RUNS = Number(process.env.RUNS ?? 3);
const TIMEOUT_MS = 60_000;
const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node --import tsx bench/allure-open.ts REPORTS_DIR [REPORTS_DIR ...]');
  process.exit(2);
}

/** ms from navigation until `condition` (a JS expression) holds on the page. */
async function timeTo(send: Send, url: string, condition: string): Promise<number> {
  await send('Page.navigate', { url: 'about:blank' });
  const started = performance.now();
  await send('Page.navigate', { url });
  while (performance.now() - started < TIMEOUT_MS) {
    const r = (await send('Runtime.evaluate', { expression: `(() => { try { return !!(${condition}); } catch { return false; } })()`, returnByValue: true })) as { result?: { value?: boolean } };
    if (r.result?.value) return performance.now() - started;
    await new Promise((ok) => setTimeout(ok, 20));
  }
  return Number.NaN;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const sizeOf = (path: string): number => (statSync(path).isDirectory() ? readdirSync(path).reduce((n, f) => n + sizeOf(join(path, f)), 0) : statSync(path).size);

async function main(): Promise<void> {
  for (const dir of dirs) {
    const report = resolve(dir, 'allure-report');
    const page = join(report, 'allure.html');
    const summary = JSON.parse(readFileSync(resolve(dir, 'summary.json'), 'utf8')) as { rules: Array<{ id: string; interface: string }> };
    const firstArea = [...summary.rules.map((r) => r.interface)].sort()[0] ?? '';
    const verdictPage = readFileSync(join(report, 'index.html'), 'utf8');
    const link = /<a href="(allure\.html#\/[0-9a-f]+)">in Allure<\/a>/.exec(verdictPage)?.[1];
    const linkedRule = link ? [...verdictPage.slice(0, verdictPage.indexOf(link)).matchAll(/id="rule-([^"]+)"/g)].at(-1)?.[1] : undefined;
    const assets = join(report, 'allure');
    console.log(`\n${dir}: allure.html ${mb(statSync(page).size)}${existsSync(assets) ? ` + ${mb(sizeOf(assets))} beside it (app and data files, loaded on demand)` : ' (one file)'}`);
    const ready = `!document.getElementById('allure-app-loader') && document.getElementById('app').innerText.includes('Secure Messaging conformance') && document.getElementById('app').innerText.includes(${JSON.stringify(firstArea)})`;
    const b = await openBrowser();
    try {
      const opens: number[] = [];
      for (let i = 0; i < RUNS; i += 1) opens.push(await timeTo(b.send, `file://${page}`, ready));
      console.log(`  first content: ${opens.map((ms, i) => `${(ms / 1000).toFixed(2)} s${i === 0 ? ' (cold)' : ''}`).join(', ')}`);
      if (link && linkedRule) {
        const follows: number[] = [];
        for (let i = 0; i < RUNS; i += 1) follows.push(await timeTo(b.send, `file://${join(report, link)}`, `document.getElementById('app').innerText.includes(${JSON.stringify(`[${linkedRule}]`)})`));
        console.log(`  "in Allure" link to ${linkedRule}: ${follows.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}`);
      }
    } finally {
      b.close();
    }
  }
}

await main().catch((e: Error) => {
  console.error(`allure-open: ${e.message}`);
  process.exitCode = 3;
});
