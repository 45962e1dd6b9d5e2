/**
 * Headless screenshots of a run's report (docs/screenshots/): Chromium (Debian's `chromium`
 * package) driven over the DevTools protocol, so each shot is one part of the real page.
 *
 *   node --import tsx bench/screenshots.ts REPORTS_DIR [OUT_DIR] [PREFIX]
 *
 * Each shot at 1280 and at 360 px wide (NAME-1280.png, NAME-360.png); a page wider than the
 * window (sideways scroll, WCAG 2.1 criterion 1.4.10) is reported and fails the script.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request, WebSocket } from 'undici';

const [reportsDir = 'reports', outDir = 'docs/screenshots', prefix = ''] = process.argv.slice(2);
const WIDTHS = [1280, 360];
const page = `file://${resolve(reportsDir, 'allure-report', 'index.html')}`;

/** name → [CSS selector of the first element, CSS selector of the element that ends the shot (exclusive) or '' for the first element alone] */
const SHOTS: Record<string, [string, string]> = {
  verdict: ['#verdict', 'h2#must-fail'],
  'must-fail': ['h2#must-fail', 'h2#must-broken'],
  'must-broken': ['h2#must-broken', 'h2#warning'],
  warnings: ['h2#warning', 'h2#expected'],
  'expected-failure': ['h2#expected', 'h2#na'],
  'not-applicable': ['h2#na', 'h2#sections'],
  section: ['section[id^="sec-"]', ''],
};

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const browser = spawn('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--remote-debugging-port=0', `--user-data-dir=${mkdtempSync(join(tmpdir(), 'shots-'))}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    const endpoint = await new Promise<string>((ok, fail) => {
      let err = '';
      browser.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
        if (m) ok(m[1]!);
      });
      browser.on('exit', () => fail(new Error(`chromium exited: ${err.slice(-400)}`)));
    });
    const port = new URL(endpoint).port;
    const targets = (await (await request(`http://127.0.0.1:${port}/json/list`)).body.json()) as Array<{ type: string; webSocketDebuggerUrl: string }>;
    const ws = new WebSocket(targets.find((t) => t.type === 'page')!.webSocketDebuggerUrl);
    await new Promise((ok) => ws.addEventListener('open', ok, { once: true }));
    let id = 0;
    const pending = new Map<number, (v: Record<string, unknown>) => void>();
    const events: Array<(m: { method: string }) => void> = [];
    ws.addEventListener('message', (e) => {
      const msg = JSON.parse(String(e.data)) as { id?: number; result?: Record<string, unknown>; method?: string };
      if (msg.id !== undefined) pending.get(msg.id)?.(msg.result ?? {});
      else events.forEach((f) => f(msg as { method: string }));
    });
    const send = (method: string, params: Record<string, unknown> = {}) =>
      new Promise<Record<string, unknown>>((ok) => {
        pending.set(++id, ok);
        ws.send(JSON.stringify({ id, method, params }));
      });
    await send('Page.enable');
    let overflow = false;
    for (const width of WIDTHS) {
      await send('Emulation.setDeviceMetricsOverride', { width, height: 900, deviceScaleFactor: 1, mobile: width < 600 });
      const loaded = new Promise<void>((ok) => events.push((m) => m.method === 'Page.loadEventFired' && ok()));
      await send('Page.navigate', { url: page });
      await loaded;
      const wide = (await send('Runtime.evaluate', { expression: 'document.documentElement.scrollWidth', returnByValue: true })) as { result: { value: number } };
      if (wide.result.value > width) {
        overflow = true;
        console.log(`at ${width} px the page is ${wide.result.value} px wide: it scrolls sideways`);
      }
      for (const [name, [from, to]] of Object.entries(SHOTS)) {
        const expr = `(() => { const a = document.querySelector(${JSON.stringify(from)}); if (!a) return null; const b = ${to ? `document.querySelector(${JSON.stringify(to)})` : 'null'};
          const ra = a.getBoundingClientRect(); const bottom = b ? b.getBoundingClientRect().top : ra.bottom;
          return JSON.stringify({ x: Math.max(0, ra.left - 12) + scrollX, y: Math.max(0, ra.top - 12) + scrollY, width: Math.min(${width}, ra.width + 24), height: Math.min(2400, bottom - ra.top + 12) }); })()`;
        const r = (await send('Runtime.evaluate', { expression: expr, returnByValue: true })) as { result: { value: string | null } };
        if (!r.result.value) {
          console.log(`skipped ${name}: ${from} is not on the page`);
          continue;
        }
        const clip = { ...(JSON.parse(r.result.value) as { x: number; y: number; width: number; height: number }), scale: 1 };
        const shot = (await send('Page.captureScreenshot', { format: 'png', clip, captureBeyondViewport: true })) as { data: string };
        const file = join(outDir, `${prefix}${name}-${width}.png`);
        writeFileSync(file, Buffer.from(shot.data, 'base64'));
        console.log(`wrote ${file} (${Math.round(clip.width)}×${Math.round(clip.height)})`);
      }
    }
    if (overflow) process.exitCode = 1;
    ws.close();
  } finally {
    browser.kill();
  }
}

await main();
