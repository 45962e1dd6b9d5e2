/**
 * Figures measured at commit ddf69e2, before the polite client (limits, Retry-After), on the
 * 2-core machine shared with other work (`npm run bench -- --latency 20` and `-- --latency 50`), printed beside today's so
 * the change is visible. Direct figures are those of the --latency 20 run.
 */
export const BEFORE = {
  // the secret sweep, reports and Allure render (the `allure` CLI in its own process),
  // and the size of allure.html, at commit 6ed54f5 on the same shared machine
  reports: { wallMs: 8_600, allureMB: 13.5 },
  direct: { wallMs: 17_650, rules: 134, exchanges: 2789, ratio: 16.4, vitestMs: 10_170 },
  latency: {
    '20': { directMs: 17_650, wallMs: 76_810, overlap: 0.94 },
    '50': { directMs: 15_880, wallMs: 180_660, overlap: 0.85 },
  } as Record<string, { directMs: number; wallMs: number; overlap: number }>,
};
