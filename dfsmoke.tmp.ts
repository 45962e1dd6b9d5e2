import { openSide } from './harness/diff/targets.js';
import { diffTargets } from './harness/diff/engine.js';
const [t, a] = process.argv.slice(2);
const t0 = performance.now();
const sides = [await openSide(t!, undefined, '--target', process.env), await openSide(a!, undefined, '--against', process.env)] as [any, any];
const r = await diffTargets(sides, { seed: Number(process.env.SEED ?? 1), runs: 30, maxSteps: 12, maxFindings: 4, rules: false, timeLimitMs: 60000, log: console.log });
console.log(JSON.stringify(r.findings.map(f => ({kind: f.kind, seq: f.sequence, step: f.divergence.step, paths: f.divergence.paths, reading: f.reading?.axis, ta: f.divergence.target, ag: f.divergence.against})), null, 1).slice(0, 5000));
console.log('ms', performance.now() - t0);
await Promise.all(sides.map(s => s.close()));
