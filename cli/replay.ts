import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * `run --rule ID`: after the rule ran alone, print its exchanges (already redacted and folded as
 * the report holds them), so a failing rule can be replayed and read in a terminal.
 */
export async function printExchanges(resultsDir: string, ruleId: string, log: (line: string) => void): Promise<void> {
  const names = (await readdir(resultsDir).catch(() => [] as string[])).filter((n) => n.endsWith('-result.json'));
  for (const name of names) {
    const result = JSON.parse(await readFile(join(resultsDir, name), 'utf8')) as {
      labels?: Array<{ name: string; value: string }>;
      steps?: Array<{ attachments?: Array<{ name: string; source: string }> }>;
    };
    if (result.labels?.find((l) => l.name === 'ruleId')?.value !== ruleId) continue;
    const attachments = (result.steps ?? []).flatMap((s) => s.attachments ?? []);
    // a rule that passed keeps its entries in one attachment, each under its own heading (harness/rule-evidence.ts)
    const compact = attachments.length === 1 ? /^Evidence: (\d+) entr/.exec(attachments[0]!.name) : null;
    if (compact) {
      log(`Exchanges of ${ruleId} (${compact[1]} evidence entries; secrets shown as placeholders that name them):\n`);
      log(await readFile(join(resultsDir, attachments[0]!.source), 'utf8').catch(() => '(attachment missing)'));
      continue;
    }
    log(`Exchanges of ${ruleId} (${attachments.length} evidence entries; secrets shown as placeholders that name them):`);
    for (const [i, a] of attachments.entries()) {
      const text = await readFile(join(resultsDir, a.source), 'utf8').catch(() => '(attachment missing)');
      log(`\n── ${i + 1}. ${a.name} ${'─'.repeat(Math.max(0, 60 - a.name.length))}\n${text}`);
    }
  }
}
