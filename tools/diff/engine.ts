import fc from 'fast-check';
import { firstDivergence, signatures, type Divergence } from './compare.js';
import { drive, execute, witnessed, type Driven } from './execute.js';
import { explainByAxes, type Reading } from './explain.js';
import { CANONICAL, describeOp, opSequences, STEP_OPERATIONS, type Op } from './steps/index.js';
import { brokenRules, type BrokenRule } from './rules.js';
import { SPEC_RULES } from '../../contract/spec/rules.js';
import type { Observation, StartState } from './session.js';
import type { DiffSide } from './targets.js';

/**
 * `diff`: both targets get the same generated sequences; the first
 * difference of their normalised answers is shrunk by fast-check to the shortest sequence that
 * shows it, then classified: a catalogued silence read two ways (tools/diff/explain.ts), a rule
 * one side breaks (tools/diff/rules.ts), or neither (uncatalogued: a candidate silence for the
 * catalogue, or a gap in the spec). A difference found is set aside and the search goes on, so
 * one run reports each kind of difference once.
 */
export type FindingKind = 'silence' | 'rule' | 'uncatalogued';

export interface Finding {
  kind: FindingKind;
  /** the shrunk sequence, one step a line */
  sequence: string[];
  divergence: Pick<Divergence, 'index' | 'step' | 'paths'> & { target: Observation; against: Observation };
  reading?: Reading;
  rules?: BrokenRule[];
  /** every step of the shrunk sequence as each target answered it, with the exchanges (a witnessed replay) */
  steps?: FindingStep[];
  /** what each target held before the first step (the witnessed replay's) */
  start?: { target?: StartState; against?: StartState };
}

export interface FindingStep {
  /** the suite's name of the step (`move(recipient, #0, #0)`), for replaying it */
  line: string;
  /** the spec operations it performs (contract/operations.ts) */
  operations: readonly string[];
  target: Observation;
  against: Observation;
}

/** What a report says of each side: what was asked for, and the target the profile names. */
export interface SideFacts {
  spec: string;
  url: string;
  edition: string;
  release: string;
  reference?: { variant: string; faults: string[] };
}

export interface DiffOptions {
  seed: number;
  /** sequences per search */
  runs: number;
  maxSteps: number;
  /** differences to look for at most */
  maxFindings: number;
  /** run the rules of a divergence nothing catalogued explains (slow: a suite run per side) */
  rules: boolean;
  /** a search (with its shrinking) stops after this long */
  timeLimitMs: number;
  log: (line: string) => void;
}

export interface DiffResult {
  target: string;
  against: string;
  seed: number;
  runs: number;
  maxSteps?: number;
  findings: Finding[];
  /** 0: the only differences are catalogued readings; 1: otherwise */
  exitCode: 0 | 1;
  /** the run's identity, for the report's banner */
  startedAt?: string;
  durationMs?: number;
  sides?: { target: SideFacts; against: SideFacts };
  /** the suite's commit and version (the CLI adds them) */
  gitCommit?: string;
  suiteVersion?: string;
}

const factsOf = (s: DiffSide): SideFacts => ({ spec: s.spec, url: s.profile.baseUrl, edition: s.profile.edition, release: s.profile.release, ...(s.reference ? { reference: s.reference } : {}) });
const bare = (o: Observation): Observation => {
  const { exchanges: _x, ...rest } = o;
  return rest;
}

async function both(x: Driven, y: Driven, ops: readonly Op[]): Promise<[Observation[], Observation[]]> {
  return Promise.all([execute(x, ops), execute(y, ops)]);
}

/** A catalogued reading, if one explains the divergence; otherwise left for the rules. */
async function classify(ops: Op[], div: Divergence, a: Observation[], b: Observation[], known: ReadonlySet<string>, sides: [DiffSide, DiffSide]): Promise<Finding> {
  const steps = ops.map((op, i): FindingStep => ({ line: describeOp(op), operations: STEP_OPERATIONS[op.kind], target: a[i] ?? { step: 'end' }, against: b[i] ?? { step: 'end' } }));
  const base = { sequence: ops.map(describeOp), divergence: { index: div.index, step: div.step, paths: div.paths, target: bare(div.target), against: bare(div.against) }, steps };
  const reading = await explainByAxes(ops, div, a, b, known, sides);
  return reading ? { kind: 'silence', ...base, reading } : { kind: 'uncatalogued', ...base };
}

/**
 * The rules judging an operation the unexplained divergences perform, run against each side once the
 * search is over (a suite run changes a target's state, so none runs between sequences); a
 * rule one side breaks is given to each divergence whose sequence performs an operation it judges.
 */
async function judge(open: Finding[], sides: [DiffSide, DiffSide], o: DiffOptions): Promise<void> {
  if (open.length === 0 || !o.rules) return;
  const opsOf = (f: Finding) => f.sequence.map((line) => line.replace(/\(.*$/, '') as Op['kind']);
  const operationsOf = (f: Finding) => new Set<string>(opsOf(f).flatMap((k) => STEP_OPERATIONS[k]));
  // only a rule judging an operation of a sequence can be given to it (the catalogue says which)
  const touched = new Set(open.flatMap((f) => [...operationsOf(f)]));
  const rules = SPEC_RULES.filter((r) => r.judges.some((j) => touched.has(j))).map((r) => r.id);
  if (rules.length === 0) return;
  o.log(`${open.length} difference(s) no catalogued reading (declared by the profiles) explains; running the ${rules.length} rules that judge their operations against each side…`);
  const secrets = [...sides[0].secrets, ...sides[1].secrets].filter((s) => s.length >= 6);
  const redact = (text: string) => secrets.reduce((t, s) => t.split(s).join('<secret>'), text);
  const broken = await brokenRules(sides, rules, [], redact);
  for (const f of open) {
    const operations = operationsOf(f);
    const mine = broken.filter((r) => r.judges.some((j) => operations.has(j)));
    if (mine.length > 0) Object.assign(f, { kind: 'rule', rules: mine.map((r) => ({ ...r, judgesSequence: true })) });
  }
}

export async function diffTargets(sides: [DiffSide, DiffSide], o: DiffOptions): Promise<DiffResult> {
  const started = new Date();
  const [x, y] = [drive(sides[0]), drive(sides[1])];
  const known = new Set<string>();
  const findings: Finding[] = [];
  try {
    for (let round = 0; round < o.maxFindings; round++) {
      // the sequence with every step first; then random ones, shrunk by fast-check
      let ops: Op[];
      const [ca, cb] = await both(x, y, CANONICAL);
      if (firstDivergence(ca, cb, known)) ops = [...CANONICAL];
      else {
        const property = fc.asyncProperty(opSequences(o.maxSteps), async (seq) => {
          const [a, b] = await both(x, y, seq);
          return firstDivergence(a, b, known) === undefined;
        });
        const out = await fc.check(property, { seed: o.seed + round, numRuns: o.runs, interruptAfterTimeLimit: o.timeLimitMs, markInterruptAsFailure: false });
        if (!out.failed || !out.counterexample) break;
        ops = out.counterexample[0];
      }
      let [a, b] = await both(x, y, ops);
      let div = firstDivergence(a, b, known);
      if (!div) {
        o.log(`A difference did not show again on replay (${ops.map(describeOp).join('; ')}); the targets answer unsteadily there.`);
        break;
      }
      // delta debugging on top: drop each step in turn while the same difference still shows first
      ops = ops.slice(0, div.index + 1);
      const same = (d: Divergence | undefined) => d !== undefined && d.step.replace(/\(.*$/, '') === div!.step.replace(/\(.*$/, '') && d.paths.join() === div!.paths.join();
      // most differences show at one step alone (the canonical sequence has one per reading): try that first
      const alone: Op[] = [ops[div.index]!];
      const [la, lb] = await both(x, y, alone);
      const solo = firstDivergence(la, lb, known);
      if (same(solo) && solo!.index === 0) ops = alone;
      for (let i = ops.length - 2; i >= 0; i--) {
        const shorter: Op[] = [...ops.slice(0, i), ...ops.slice(i + 1)];
        const [sa, sb] = await both(x, y, shorter);
        const d = firstDivergence(sa, sb, known);
        if (same(d) && d!.index === shorter.length - 1) ops = shorter;
      }
      // the replay the report shows: every exchange kept as evidence, and what each target held first
      const [wa, wb] = await Promise.all([witnessed(x, ops), witnessed(y, ops)]);
      [a, b] = [wa.observations, wb.observations];
      div = firstDivergence(a, b, known) ?? div;
      o.log(`Difference ${findings.length + 1}: ${div.step} (${div.paths.join(', ')}) after ${ops.length} step(s); classifying…`);
      const finding = await classify(ops, div, a, b, known, sides);
      findings.push({ ...finding, start: { target: wa.start, against: wb.start } });
      for (const s of signatures(div)) known.add(s);
    }
  } finally {
    await Promise.all([x.agent.close(), y.agent.close()]);
  }
  // a reading neither profile tells apart is a silence only if no rule reading its key breaks
  await judge(findings.filter((f) => f.kind === 'uncatalogued' || f.reading?.undeclared), sides, o);
  return {
    target: sides[0].spec,
    against: sides[1].spec,
    seed: o.seed,
    runs: o.runs,
    maxSteps: o.maxSteps,
    findings,
    exitCode: findings.every((f) => f.kind === 'silence') ? 0 : 1,
    startedAt: started.toISOString(),
    durationMs: Date.now() - started.getTime(),
    sides: { target: factsOf(sides[0]), against: factsOf(sides[1]) },
  };
}
