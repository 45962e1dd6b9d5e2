import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, WebSocket } from 'undici';

export type Send = (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface Browser {
  send: Send;
  /** resolves when the next DevTools event of `method` arrives */
  next(method: string): Promise<void>;
  close(): void;
}

/**
 * Debian's `chromium`, headless, driven over the DevTools protocol (one page, a fresh profile):
 * what the screenshots and the Allure timing benchmark both drive. The flags keep a closed
 * network quiet (no background fetches).
 */
export async function openBrowser(width = 1280): Promise<Browser> {
  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--remote-debugging-port=0', `--user-data-dir=${mkdtempSync(join(tmpdir(), 'chromium-'))}`, 'about:blank'];
  const child = spawn('chromium', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const endpoint = await new Promise<string>((ok, fail) => {
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (m) ok(m[1]!);
    });
    child.on('error', (e: NodeJS.ErrnoException) => fail(e.code === 'ENOENT' ? new Error('chromium is not installed (Debian package "chromium")') : e));
    child.on('exit', () => fail(new Error(`chromium exited: ${err.slice(-400)}`)));
  });
  const port = new URL(endpoint).port;
  const targets = (await (await request(`http://127.0.0.1:${port}/json/list`)).body.json()) as Array<{ type: string; webSocketDebuggerUrl: string }>;
  const ws = new WebSocket(targets.find((t) => t.type === 'page')!.webSocketDebuggerUrl);
  await new Promise((ok) => ws.addEventListener('open', ok, { once: true }));
  let id = 0;
  const pending = new Map<number, (v: Record<string, unknown>) => void>();
  const waiting: Array<{ method: string; ok: () => void }> = [];
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as { id?: number; result?: Record<string, unknown>; method?: string };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result ?? {});
    else for (const w of waiting.splice(0).filter((w) => (w.method === msg.method ? (w.ok(), false) : true))) waiting.push(w);
  });
  const send: Send = (method, params = {}) =>
    new Promise((ok) => {
      pending.set(++id, ok);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Page.enable');
  await send('Emulation.setDeviceMetricsOverride', { width, height: 900, deviceScaleFactor: 1, mobile: width < 600 });
  return {
    send,
    next: (method) => new Promise((ok) => waiting.push({ method, ok })),
    close: () => {
      ws.close();
      child.kill();
    },
  };
}
