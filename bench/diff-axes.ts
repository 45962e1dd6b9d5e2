import { ALL_AXES } from '../reference/axes/all.js';
import { checkAxis, notShownReason, type AxisCheck } from '../tools/diff/axis-check.js';
import { median } from '../tools/diff/report.js';

/**
 * `npm run diff-axes [-- --runs K --seed N --only a,b]`: `diff` of the reference default against
 * each single-axis variant (its second reading): how many axes it names, the
 * median length of the shrunk sequences, and each axis it cannot show with the reason.
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('runs') ?? 25);
const seed = Number(arg('seed') ?? 20261124);
const only = arg('only')?.split(',');
const axes = ALL_AXES.filter((a) => !only || only.includes(a.id));
const results: AxisCheck[] = [];
for (const axis of axes) {
  // an axis no step reaches, or one normalised away, is listed with its reason, not run
  const reason = notShownReason(axis);
  const r: AxisCheck = reason && !only ? { axis: axis.id, value: String(axis.values[1]), named: false, said: `not shown: ${reason}`, ms: 0 } : await checkAxis(axis, String(axis.values[1]), { seed, runs });
  results.push(r);
  console.log(`${r.named ? 'named ' : 'not   '} ${r.axis}=${r.value}  ${r.length !== undefined ? `${r.length} step(s)` : ''}  ${r.said}  (${Math.round(r.ms / 1000)} s)`);
}
const named = results.filter((r) => r.named);
console.log(`\n${named.length} of ${results.length} axes named by diff (default against the axis's second reading); median shrunk length ${median(named.map((r) => r.length!)) ?? '-'} step(s).`);
const missed = results.filter((r) => !r.named);
if (missed.length) console.log(`Not named (${missed.length}):\n${missed.map((r) => `  ${r.axis}: ${r.said}`).join('\n')}`);
