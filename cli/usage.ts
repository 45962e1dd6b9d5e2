/**
 * What each command takes and what its exit codes mean: `<command> --help` (or -h, or
 * `help <command>`) prints its own; `--help` alone prints them all. Kept apart from the commands
 * so that asking for help loads none of them.
 */

const BIN = 'secure-messaging-conformance';
const CONFIG = '2 configuration refused (one sentence names the flag, variable or profile key)';

interface CommandHelp {
  usage: string;
  what: string;
  exits: string;
}

export const COMMANDS: Record<string, CommandHelp> = {
  run: {
    usage: `${BIN} run [--target URL] [--profile FILE] [--area token,...] [--seed N] [--reports DIR]
                                   [--expectations FILE] [--shard i/n] [--rule ID[,ID...]] [--section §4.4/DeleteMessage] [--no-allure]`,
    what: 'Runs the rules against a target (with no target, against the embedded reference server) and writes summary.json, junit.xml and the reports. With --rule, runs those rules alone and prints their exchanges. With --no-allure, Allure\'s HTML view is not rendered (a gate that reads only summary.json or junit.xml; the verdict page and allure-results are still written).',
    exits: `0 conforms, 1 does not conform, ${CONFIG}, 3 target unreachable, 4 no verdict`,
  },
  serve: {
    usage: `${BIN} serve [--port N] [--host H] [--profile-out FILE] [--judge [--reports DIR] [--for SECONDS]]`,
    what: 'Serves the embedded reference server until interrupted, and writes its profile. With --judge, it records every exchange a client makes and, when the client is done (Ctrl-C, SIGTERM, --for SECONDS, or POST /judge/finish), judges them against the client rules and writes a run\'s reports to DIR (verdict page, summary.json, junit.xml, Allure) with client-judgement.json and client-verdict.txt.',
    exits: `0 stopped (with --judge: 0 the client conforms, 1 it does not, 4 no verdict), ${CONFIG}`,
  },
  observe: {
    usage: `${BIN} observe --upstream URL [--listen PORT] [--host H] [--reports DIR] [--for SECONDS]
                                          [--profile FILE] [--profile-out FILE] [--ledger DIR] [--no-allure]`,
    what: "A recording proxy between any client and the server at URL: every byte is passed on untouched, both ways. When stopped (Ctrl-C, SIGTERM, --for SECONDS) it judges the requests against the client rules and the answers against the server rules traffic alone can judge, and writes a run's reports to DIR (verdict page, summary.json, junit.xml, Allure) with client-judgement.json. --profile: the target's profile (where each interface is, the keys that open encrypted payloads); --profile-out: that profile pointing at the proxy; --ledger: what a run through the proxy wrote with SMS_RULE_LEDGER=DIR, so the requests its rules send wrong on purpose are reported apart.",
    exits: `0 the traffic conforms, 1 a must-level rule is broken, ${CONFIG}, 4 no verdict (nothing judged)`,
  },
  report: {
    usage: `${BIN} report [--reports DIR]`,
    what: "Renders the verdict page and the Allure report again from a run's summary.json and results.",
    exits: `0 rendered, ${CONFIG} (no summary.json)`,
  },
  compare: {
    usage: `${BIN} compare BEFORE AFTER [MORE...] [--out DIR]`,
    what: 'Compares runs (summary.json files or reports directories): regressions, fixes, rules new or gone; three or more give a matrix.',
    exits: `0 no regression, 1 a regression, ${CONFIG}`,
  },
  merge: {
    usage: `${BIN} merge DIR... [--reports OUT] [--expectations FILE]`,
    what: "Merges the reports of shards into one summary.json, junit.xml and report, with one verdict.",
    exits: `0 conforms, 1 does not conform, ${CONFIG}, 4 no verdict`,
  },
  bundle: {
    usage: `${BIN} bundle [--reports DIR] [--out FILE] [--profile FILE]`,
    what: "Packs a run's evidence into one archive with a SHA-256 manifest (profile secrets replaced).",
    exits: `0 written, ${CONFIG}`,
  },
  verify: {
    usage: `${BIN} verify FILE`,
    what: "Recomputes every hash of a bundle and names each file that changed.",
    exits: `0 unchanged, 1 a file changed, ${CONFIG}`,
  },
  discover: {
    usage: `${BIN} discover [--target URL] [--profile MINIMAL.json] [--out PROFILE.json]`,
    what: 'Probes a target from a minimal profile and writes the full profile, its sidecar PROFILE.discovery.json and the report PROFILE.discovery.md.',
    exits: `0 every key decided or kept, 1 some key matched no catalogued reading, ${CONFIG}, 3 target unreachable`,
  },
  diff: {
    usage: `${BIN} diff --target A [--profile PA] --against B [--against-profile PB]
                                       [--seed N] [--runs K] [--steps S] [--findings F] [--reports DIR] [--no-rules]`,
    what: `Runs the same generated steps against two targets and reports where they differ (up to F differences, 8 unless --findings says). A and B are URLs (with a profile each: --profile, or SMS_PROFILE and the SMS_* variables) or an embedded reference: reference, reference:<variant> (default, alt, random:<seed>, axis=value,…), reference:faults=<id>,… or reference:<variant>+faults=<id>,….`,
    exits: `0 the only differences are catalogued readings, 1 a rule broken or an uncatalogued difference, 2 bad input`,
  },
};

/** The run settings the environment can give instead of a flag (run/config.ts; .env.example lists them all). */
const RUN_ENV = 'run also reads --target, --profile, --area, --seed, --reports and --expectations from SMS_TARGET, SMS_PROFILE, SMS_AREAS, SMS_SEED, SMS_REPORTS_DIR and SMS_EXPECTATIONS, and its other settings from .env.example.';

/** One command's help: its usage line, what it does, its exit codes. */
export function commandUsage(command: string): string {
  const help = COMMANDS[command]!;
  return `Usage: ${help.usage}\n${help.what}\n${command === 'run' ? `${RUN_ENV}\n` : ''}Exit codes: ${help.exits}.`;
}

/** Every command's usage line, and the exit codes they share. */
export const USAGE = `Usage:
${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}
With no target, run starts the embedded reference server and runs against it.
\`${BIN} <command> --help\` tells what a command does and what its exit codes mean.
${RUN_ENV}
Exit codes: 0 conforms, 1 does not conform (or compare: a regression; verify: a file changed),
2 configuration refused, 3 target unreachable, 4 no verdict.`;

/** Whether the arguments after a command ask for its help. */
export const asksHelp = (args: readonly string[]) => args.includes('--help') || args.includes('-h');
