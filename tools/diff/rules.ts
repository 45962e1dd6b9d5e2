import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SummarySchema, type Summary } from '../../contract/summary.js';
import type { DiffSide } from './targets.js';
import { projectRoot } from '../../contract/root.js';

/**
 * Does one side break a rule that judges the diverging steps? The suite's own rules that judge
 * an operation of the shrunk sequence are run against each side (`run --rule`, a child process,
 * so its vitest run shares no state with the diff), and a rule that fails on one side and holds
 * on the other is named, those judging an operation of the sequence first.
 */
export interface BrokenRule {
  rule: string;
  /** 'target' or 'against': the side that breaks it */
  side: 'target' | 'against';
  title: string;
  section: string;
  reason?: string;
  /** whether the rule judges an operation of the shrunk sequence */
  judgesSequence: boolean;
  /** the operations the rule judges (contract/operations.ts) */
  judges: string[];
}

const ROOT = projectRoot(import.meta.url);

async function runRules(side: DiffSide, rules: readonly string[], redact: (s: string) => string): Promise<Summary | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'sms-diff-rules-'));
  try {
    // the profile holds the side's secrets: a private temporary file, removed below
    const profile = join(dir, 'profile.json');
    writeFileSync(profile, JSON.stringify(side.profile), { mode: 0o600 });
    const reports = join(dir, 'reports');
    // the child reads only its flags: no SMS_/REFERENCE_ setting of this process (nor a vitest one) leaks in
    // a failed property's first counterexample names the rule as well as a shrunk one (SMS_SHRINK=off)
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SMS_|REFERENCE_|VITEST)/.test(k) && k !== 'NODE_OPTIONS')), SMS_SHRINK: 'off' };
    await new Promise<void>((done) => {
      // only summary.json is read: no Allure view is rendered
      const child = spawn(process.execPath, [join(ROOT, 'bin/secure-messaging-conformance.mjs'), 'run', '--profile', profile, '--rule', rules.join(','), '--no-allure', '--reports', reports], { cwd: ROOT, env, stdio: 'ignore' });
      child.on('exit', () => done());
      child.on('error', () => done());
    });
    const file = join(reports, 'summary.json');
    if (!existsSync(file)) return undefined;
    const summary = SummarySchema.parse(JSON.parse(redact(readFileSync(file, 'utf8'))));
    return summary;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const failing = (o: string | undefined) => o === 'fail' || o === 'broken';

export async function brokenRules(sides: [DiffSide, DiffSide], rules: readonly string[], operations: readonly string[], redact: (s: string) => string): Promise<BrokenRule[]> {
  // one side after the other: the machine is shared
  const a = await runRules(sides[0], rules, redact);
  const b = await runRules(sides[1], rules, redact);
  if (!a || !b) return [];
  const other = (s: Summary) => new Map(s.rules.map((r) => [r.id, r]));
  const out: BrokenRule[] = [];
  for (const [mine, theirs, side] of [[a, other(b), 'target'], [b, other(a), 'against']] as const) {
    for (const r of mine.rules) {
      if (!failing(r.outcome) || failing(theirs.get(r.id)?.outcome)) continue;
      const judges = r.judges ?? [r.operation];
      out.push({ rule: r.id, side, title: r.title, section: r.section, reason: r.reason?.split('\n')[0]?.slice(0, 200), judgesSequence: judges.some((j) => operations.includes(j)), judges });
    }
  }
  return out.sort((x, y) => Number(y.judgesSequence) - Number(x.judgesSequence) || x.rule.localeCompare(y.rule));
}
