import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { start } from '../reference/server.js';
import { runCli } from '../selftest/support/cli.js';

/**
 * `npm run bench`: one full conformance run against a reference server held by this process,
 * printing wall time, the number of HTTP exchanges, and the raw floor (exchanges × the median
 * raw undici round trip to the same server, measured in the same run), so the suite's overhead
 * is a ratio anyone can reproduce. Figures, not assertions: nothing here passes or fails.
 */
const SAMPLES = 400;

async function medianRoundTripMs(url: string): Promise<number> {
  const agent = new Agent({ connections: 1 });
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 50; i++) {
    const t0 = performance.now();
    const res = await request(`${url}/Token`, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json' }, body: '{"grant_type":"refresh_token","refresh_token":"bench"}' });
    await res.body.dump();
    if (i >= 50) times.push(performance.now() - t0); // the first 50 warm the connection and the JIT
  }
  await agent.close();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const reference = await start();
const profilePath = join(tmpdir(), `sms-bench-profile-${process.pid}.json`);
writeFileSync(profilePath, JSON.stringify(reference.profile), { mode: 0o600 });

const before = await medianRoundTripMs(reference.url);
const servedBefore = reference.state.stats.requests;
const run = await runCli(['run', '--profile', profilePath, '--seed', process.env.SMS_SEED ?? '1']);
const served = reference.state.stats.requests - servedBefore;
const after = await medianRoundTripMs(reference.url);
await reference.close();

if (run.code !== 0) {
  console.error(`The run did not pass (exit ${run.code}); figures below still describe it.\n${run.stdout.split('\n').slice(-12).join('\n')}`);
}
const summary = run.summary();
const median = (before + after) / 2;
const floorMs = served * median;
const wallMs = run.ms;
const rows: Array<[string, string]> = [
  ['wall time (CLI start to exit)', `${(wallMs / 1000).toFixed(2)} s`],
  ['rules run', `${summary.rules.length} (${summary.totals.pass} pass)`],
  ['HTTP exchanges (served by the target)', `${served}`],
  ['HTTP exchanges (recorded as evidence)', `${summary.exchanges}`],
  ['median raw undici round trip', `${median.toFixed(3)} ms (before ${before.toFixed(3)}, after ${after.toFixed(3)}; ${SAMPLES} samples each)`],
  ['raw floor (exchanges × median)', `${(floorMs / 1000).toFixed(2)} s`],
  ['overhead ratio (wall / floor)', `${(wallMs / floorMs).toFixed(1)}×`],
  ['time inside vitest (summary.durationMs)', `${(summary.durationMs / 1000).toFixed(2)} s`],
];
for (const [k, v] of rows) console.log(`${k.padEnd(42)}${v}`);
