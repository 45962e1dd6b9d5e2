import { existsSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import type { ProfileInput } from '../contract/profile.js';
import type { Served } from '../reference/state.js';
import { LIMIT_ENV_KEYS } from '../run/config.js';
import { startReferenceTarget } from '../run/run-context.js';
import { runCli, type CliResult } from '../selftest/support/cli.js';
import { BEFORE } from './baseline.js';
import { startLatencyProxy } from './latency-proxy.js';
import { chains, occupancy, peakInFlight } from './critical-path.js';

/**
 * `npm run bench`: one full conformance run against a reference server held by this process,
 * printing wall time, the number of HTTP exchanges, and the raw floor (exchanges × the median
 * raw undici round trip to the same server, measured in the same run), so the suite's overhead
 * is a ratio anyone can reproduce. Figures, not assertions: nothing here passes or fails.
 *
 * `npm run bench -- --latency 20`: the same run again through a TCP proxy in this process that
 * adds 20 ms to every round trip, and the overlap factor N × D / (added wall time): how much of
 * the network's waiting the suite hides by keeping requests in flight together.
 */
const SAMPLES = 400;

const { values } = parseArgs({ options: { latency: { type: 'string' }, seed: { type: 'string' } }, strict: true });
const latencyMs = values.latency === undefined ? undefined : Number(values.latency);
if (latencyMs !== undefined && !(latencyMs > 0 && latencyMs <= 1_000)) {
  console.error('bench: --latency takes a round-trip delay in milliseconds, 1 to 1000.');
  process.exit(2);
}
const seed = values.seed ?? process.env.SMS_SEED ?? '1';

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

/** The profile with every URL pointing at `base` instead of the reference. */
function through(profile: ProfileInput, from: string, base: string): ProfileInput {
  return JSON.parse(JSON.stringify(profile).split(from).join(base)) as ProfileInput;
}

// the reference as every run starts it (run/run-context.ts), held here to count what it serves
const { reference, profile: referenceProfile } = await startReferenceTarget(process.env);

interface Phases {
  timings?: Record<string, number>;
  cpu?: Record<string, number>;
}

async function runOnce(profile: ProfileInput, label: string, holdMs?: number): Promise<{ run: CliResult; served: number; noted: Served[] } & Phases> {
  const profilePath = join(tmpdir(), `sms-bench-profile-${process.pid}-${label}.json`);
  writeFileSync(profilePath, JSON.stringify(profile), { mode: 0o600 });
  const servedBefore = reference.state.stats.requests;
  const noted: Served[] = [];
  reference.state.stats.served = noted;
  reference.state.stats.holdMs = holdMs;
  // the limits a reader sets for the bench (SMS_CONCURRENCY, ...) reach the runs; nothing else does
  const limits = Object.fromEntries(Object.keys(LIMIT_ENV_KEYS).flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
  const run = await runCli(['run', '--profile', profilePath, '--seed', seed], { ...limits, SMS_BENCH_TIMINGS: '1' }, 900_000);
  const timings = /^timings (.*)$/m.exec(run.stderr)?.[1];
  const cpu = /^cpu (.*)$/m.exec(run.stderr)?.[1];
  const served = reference.state.stats.requests - servedBefore;
  reference.state.stats.served = undefined;
  reference.state.stats.holdMs = undefined;
  if (run.code !== 0) {
    console.error(`The ${label} run did not pass (exit ${run.code}); figures below still describe it.\n${run.stdout.split('\n').slice(-14).join('\n')}`);
  }
  const parse = (json?: string) => (json ? (JSON.parse(json) as Record<string, number>) : undefined);
  return { run, served, noted, timings: parse(timings), cpu: parse(cpu) };
}

const before = await medianRoundTripMs(reference.url);
const direct = await runOnce(reference.profile, 'direct');
const after = await medianRoundTripMs(reference.url);

const summary = direct.run.summary();
const median = (before + after) / 2;
const floorMs = direct.served * median;
const wallMs = direct.run.ms;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rows: Array<[string, string, string?]> = [
  ['wall time (CLI start to exit)', s(wallMs), `before: ${s(BEFORE.direct.wallMs)}`],
  ['rules run', `${summary.rules.length} (${summary.totals.pass} pass)`, `before: ${BEFORE.direct.rules}`],
  ['HTTP exchanges (served by the target)', `${direct.served}`, `before: ${BEFORE.direct.exchanges}`],
  ['HTTP exchanges (recorded as evidence)', `${summary.exchanges}`],
  ['median raw undici round trip', `${median.toFixed(3)} ms (before ${before.toFixed(3)}, after ${after.toFixed(3)}; ${SAMPLES} samples each)`],
  ['raw floor (exchanges × median)', s(floorMs)],
  ['overhead ratio (wall / floor)', `${(wallMs / floorMs).toFixed(1)}×`, `before: ${BEFORE.direct.ratio}×`],
  ['time inside vitest (summary.durationMs)', s(summary.durationMs), `before: ${s(BEFORE.direct.vitestMs)}`],
  // wall and CPU of each phase: on a shared machine the wall figures wander, the CPU ones much less
  ...phases(direct, 'phase'),
  ...closing(direct),
];

/** Wall and CPU of each phase of a run, one row each. */
function phases({ timings, cpu }: Phases, label: string): Array<[string, string]> {
  return Object.entries(timings ?? {}).map(([phase, ms]) => [`  ${label}: ${phase}`, `${s(ms)} wall, ${s(cpu?.[phase] ?? 0)} CPU`]);
}

/** N × D / added wall: how much of the network's waiting a run hid. */
const overlapOf = (exchanges: number, delayMs: number, addedMs: number) => (exchanges * delayMs) / Math.max(addedMs, 1);

/** The reports' share of the run beside the vitest time, and allure.html's size. */
function closing({ run, timings, cpu }: Phases & { run: CliResult }): Array<[string, string, string?]> {
  const reports = Object.keys(timings ?? {}).find((k) => k.startsWith('secret sweep'));
  const vitest = Object.keys(timings ?? {}).find((k) => k.startsWith('vitest'));
  const html = join(run.reportsDir, 'allure-report', 'allure.html');
  const size = existsSync(html) ? `${(statSync(html).size / 1e6).toFixed(1)} MB` : 'not rendered';
  return [
    ['sweep + reports + render (goal ≤ 2 s)', reports ? `${s(timings![reports]!)} wall, ${s(cpu?.[reports] ?? 0)} CPU` : 'not measured', `before: ${s(BEFORE.reports.wallMs)} wall`],
    ['  beside: vitest', vitest ? `${s(timings![vitest]!)} wall, ${s(cpu?.[vitest] ?? 0)} CPU` : 'not measured'],
    ['allure.html', size, `before: ${BEFORE.reports.allureMB} MB`],
  ];
}

if (latencyMs !== undefined) {
  // the limits every run of the bench keeps (the reader's SMS_CONCURRENCY, ... included)
  const concurrency = referenceProfile.limits.concurrency;
  const proxy = await startLatencyProxy(new URL(reference.url), latencyMs);
  const slow = await runOnce(through(reference.profile, reference.url, proxy.url), `latency${latencyMs}`);
  await proxy.close();
  // the machine's load drifts: the direct run is repeated after the slow one and the two averaged
  const again = await runOnce(reference.profile, 'direct-again');
  const directMs = (wallMs + again.run.ms) / 2;
  const added = slow.run.ms - directMs;
  const serial = slow.served * latencyMs;
  const overlap = overlapOf(slow.served, latencyMs, added);
  // politeness bounds the run from below: no more than limits.concurrency round trips at once, each at least D
  const politeFloor = serial / concurrency;
  const was = BEFORE.latency[String(latencyMs)];
  rows.push(
    ['', ''],
    [`added round trip (proxy)`, `${latencyMs} ms (${proxy.connections()} connections opened)`],
    ['N: HTTP exchanges through the proxy', `${slow.served}`],
    ['rules run through the proxy', `${slow.run.summary().rules.length} (${slow.run.summary().totals.pass} pass)`],
    ['wall time, direct (mean of before and after)', `${s(directMs)} (${s(wallMs)}, ${s(again.run.ms)})`],
    ['wall time, with latency', s(slow.run.ms), was ? `before: ${s(was.wallMs)}` : undefined],
    ['added wall time', s(added), was ? `before: ${s(was.wallMs - was.directMs)}` : undefined],
    ['serial cost N × D', s(serial)],
    ['overlap factor (N × D / added wall)', `${overlap.toFixed(2)}×  (goal ≥ 20×)`, was ? `before: ${was.overlap}×` : undefined],
    [`least wall politeness allows (N × D / ${concurrency})`, `${s(politeFloor)}; this run takes ${(slow.run.ms / politeFloor).toFixed(2)}× that`],
    ['time inside vitest, with latency', s(slow.run.summary().durationMs)],
    // the phases again: what the round trip adds outside the specs (the probe, the reports) shows here
    ...phases(slow, 'phase, with latency'),
  );
  // the critical path: the longest chain of exchanges that depend on each other bounds the run from below
  const longest = chains(slow.noted, latencyMs);
  const top = longest[0];
  if (top) {
    const floor = top.chain * latencyMs;
    rows.push(
      ['critical path (longest chain of dependent exchanges)', `${top.chain} exchanges, in ${top.rule}`],
      [`physical floor at +${latencyMs} ms (chain × round trip)`, s(floor)],
      ['added wall time / floor', `${(added / Math.max(floor, 1)).toFixed(2)}×`],
      ['slowest rules by chain (chain · exchanges · span at the server)', ''],
    );
    // a shared fixture (shared.<key>.<worker>) is removed when its worker ends: its span runs to then, not to when it was made
    for (const c of longest.slice(0, 8)) rows.push([`  ${c.rule}`, `${c.chain} · ${c.exchanges} · ${s(c.spanMs)}${c.rule.startsWith('shared.') ? ' (to its removal at the worker\'s end)' : ''}`]);
  }
  for (const r of [...slow.run.summary().rules].sort((a, b) => b.durationMs - a.durationMs).slice(0, 5)) {
    rows.push([`  slowest by wall: ${r.id}`, `${s(r.durationMs)}, ${r.exchanges} exchanges`]);
  }
  // politeness, counted where it matters: a run against a target that holds each answer as long
  // as the round trip, so the suite's requests in flight are in flight at the server, counted exactly
  const held = await runOnce(reference.profile, 'held', latencyMs);
  // the same overlap against the held target: the delay held at the server, without the proxy's two extra hops and wake-ups per round trip
  const heldAdded = held.run.ms - directMs;
  const used = occupancy(held.noted);
  rows.push(
    ['', ''],
    [`most requests at once at the server (each answer held ${latencyMs} ms)`, `${peakInFlight(held.noted, 0)} (limits.concurrency: ${concurrency})`],
    // the allowance used: each request holds a slot for the delay plus the time its answer takes to reach the suite and the next request to reach the server
    ['  on average while the specs ran', `${used.inFlight.toFixed(2)} of ${concurrency}; each ${used.msEach.toFixed(2)} ms at the server`],
    ['wall time, each answer held (no proxy)', `${s(held.run.ms)}; added ${s(heldAdded)}, overlap ${overlapOf(held.served, latencyMs, heldAdded).toFixed(2)}×`],
  );
}
await reference.close();
for (const [k, v, b] of rows) console.log(`${k.padEnd(47)} ${v.padEnd(b ? 34 : 0)}${b ?? ''}`);
