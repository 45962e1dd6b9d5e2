/**
 * Headless screenshots of a run's report (docs/screenshots/): Chromium (Debian's `chromium`
 * package) driven over the DevTools protocol (bench/chromium.ts), so each shot is one part of
 * the real page.
 *
 *   node --import tsx bench/screenshots.ts REPORTS_DIR [OUT_DIR] [PREFIX] [PAGE]
 *
 * PAGE is `verdict` (allure-report/index.html, the default), `diff` (diff/diff.html) or `allure`
 * (allure-report/allure.html, the whole first screen). Each shot at 1280 and at 360 px wide
 * (NAME-1280.png, NAME-360.png); a page wider than the window (sideways scroll, WCAG 2.1
 * criterion 1.4.10) is reported and fails the script.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openBrowser } from './chromium.js';

const [reportsDir = 'reports', outDir = 'docs/screenshots', prefix = '', which = 'verdict'] = process.argv.slice(2);
const WIDTHS = [1280, 360];

/** name → [CSS selector of the first element, CSS selector of the element that ends the shot (exclusive) or '' for the first element alone] */
type Shots = Record<string, [string, string]>;
const PAGES: Record<string, { path: string; shots: Shots }> = {
  verdict: {
    path: 'allure-report/index.html',
    shots: {
      verdict: ['#verdict', 'h2#must-fail'],
      'must-fail': ['h2#must-fail', 'h2#must-broken'],
      'must-broken': ['h2#must-broken', 'h2#warning'],
      warnings: ['h2#warning', 'h2#expected'],
      'expected-failure': ['h2#expected', 'h2#na'],
      'not-applicable': ['h2#na', 'h2#sections'],
      // the first two cards of several rules one cause failed (in docs/screenshots: the folder-name
      // rules with a property's counterexample, then the lockout rule's deliberately wrong secret)
      grouped: ['article.finding', ''],
      'grouped-second': ['article.finding ~ article.finding', ''],
      section: ['section[id^="sec-"]', ''],
    },
  },
  diff: {
    path: 'diff/diff.html',
    shots: {
      'diff-verdict': ['#verdict', 'h2#behaviour'],
      'diff-finding': ['[id^="finding-"]', ''],
      'diff-starting-state': ['h2#starting-state', 'h2#catalogue'],
    },
  },
  // Allure's own first screen, as its "in Allure" links open it
  allure: { path: 'allure-report/allure.html', shots: { allure: ['body', ''] } },
};

async function main(): Promise<void> {
  const chosen = PAGES[which];
  if (!chosen) throw new Error(`PAGE is one of ${Object.keys(PAGES).join(', ')}, not ${which}`);
  mkdirSync(outDir, { recursive: true });
  let overflow = false;
  for (const width of WIDTHS) {
    const b = await openBrowser(width);
    try {
      const loaded = b.next('Page.loadEventFired');
      await b.send('Page.navigate', { url: `file://${resolve(reportsDir, chosen.path)}` });
      await loaded;
      // Allure renders after load: wait until its loader is gone
      if (which === 'allure') {
        for (let i = 0; i < 300; i++) {
          const r = (await b.send('Runtime.evaluate', { expression: "!document.getElementById('allure-app-loader')", returnByValue: true })) as { result: { value: boolean } };
          if (r.result.value) break;
          await new Promise((ok) => setTimeout(ok, 50));
        }
        await new Promise((ok) => setTimeout(ok, 500));
      }
      const wide = (await b.send('Runtime.evaluate', { expression: 'document.documentElement.scrollWidth', returnByValue: true })) as { result: { value: number } };
      if (wide.result.value > width) {
        overflow = true;
        console.log(`at ${width} px the page is ${wide.result.value} px wide: it scrolls sideways`);
      }
      for (const [name, [from, to]] of Object.entries(chosen.shots)) {
        const expr = `(() => { const a = document.querySelector(${JSON.stringify(from)}); if (!a) return null; const b = ${to ? `document.querySelector(${JSON.stringify(to)})` : 'null'};
          const ra = a.getBoundingClientRect(); const bottom = b ? b.getBoundingClientRect().top : ra.bottom;
          return JSON.stringify({ x: Math.max(0, ra.left - 12) + scrollX, y: Math.max(0, ra.top - 12) + scrollY, width: Math.min(${width}, ra.width + 24), height: Math.min(${which === 'allure' ? 900 : 2400}, bottom - ra.top + 12) }); })()`;
        const r = (await b.send('Runtime.evaluate', { expression: expr, returnByValue: true })) as { result: { value: string | null } };
        if (!r.result.value) {
          console.log(`skipped ${name}: ${from} is not on the page`);
          continue;
        }
        const clip = { ...(JSON.parse(r.result.value) as { x: number; y: number; width: number; height: number }), scale: 1 };
        const shot = (await b.send('Page.captureScreenshot', { format: 'png', clip, captureBeyondViewport: true })) as { data: string };
        const file = join(outDir, `${prefix}${name}-${width}.png`);
        writeFileSync(file, Buffer.from(shot.data, 'base64'));
        console.log(`wrote ${file} (${Math.round(clip.width)}×${Math.round(clip.height)})`);
      }
    } finally {
      b.close();
    }
  }
  if (overflow) process.exitCode = 1;
}

await main();
