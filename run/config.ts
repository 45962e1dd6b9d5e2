import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { LimitsSchema, ProfileSchema, type InterfaceName, type Limits, type Profile } from '../contract/profile.js';
import { RunSettingsSchema, type RunSettings } from '../harness/context.js';

/**
 * The suite's configuration enters here and only here (style.md, convention 5): flags, the
 * SMS_* environment variables (dotenv) and an optional JSON profile file, parsed once with zod.
 * The run resolves them once (run/run-context.ts); specs, reports and commands read the parsed
 * result, never process.env (selftest/harness.test.ts holds every other file to it). The
 * reference's own REFERENCE_* settings have their reader in reference/config.ts.
 */

/** A configuration mistake, said in one sentence that names the key and what to set. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Environment variables and the profile keys they set (documented in .env.example). */
export const ENV_KEYS = {
  SMS_TARGET: 'baseUrl',
  SMS_EDITION: 'edition',
  SMS_RELEASE: 'release',
  SMS_SOAP_NAMESPACE: 'soapNamespace',
  SMS_INTERFACES: 'interfaces',
} as const;

/** Environment variables that set one key of the profile's `limits` (numbers). */
export const LIMIT_ENV_KEYS = {
  SMS_CONCURRENCY: 'concurrency',
  SMS_MAX_REQUEST_RATE: 'requestsPerSecond',
  SMS_MAX_BODY_MB: 'maxBodyMB',
  SMS_MAX_HEADER_KB: 'maxHeaderKB',
} as const;

/** A profile (input) with the SMS_CONCURRENCY, SMS_MAX_* variables applied to its `limits`. */
export function withLimitEnv<T extends object>(profile: T, env: NodeJS.ProcessEnv): T & { limits: Record<string, unknown> } {
  const limits = { ...((profile as { limits?: Record<string, unknown> }).limits ?? {}) };
  for (const [name, key] of Object.entries(LIMIT_ENV_KEYS)) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    limits[key] = Number.isNaN(Number(value)) ? value : Number(value);
  }
  return { ...profile, limits };
}

/** The limits the environment sets, over the defaults; a wrong value is refused with its name. */
export function limitsFromEnv(env: NodeJS.ProcessEnv): Limits {
  const { limits } = withLimitEnv({}, env);
  const origin = (path: string) => Object.entries(LIMIT_ENV_KEYS).find(([, k]) => k === path.split('.')[0])?.[0] ?? path;
  return parseOrExplain(LimitsSchema, limits, (path) => `The setting ${origin(path)}`);
}


const RUN_ENV: Record<string, keyof RunSettings> = {
  SMS_SEED: 'seed',
  SMS_REQUEST_TIMEOUT_MS: 'requestTimeoutMs',
  SMS_EVENTUALLY_TIMEOUT_MS: 'eventuallyTimeoutMs',
  SMS_PROPERTY_RUNS: 'propertyRuns',
  SMS_SHRINK: 'shrink',
  SMS_AREAS: 'areas',
  SMS_RUN_ID: 'runId',
  SMS_RULE_LEDGER: 'ruleLedger',
};

const list = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);

function describeIssue(issue: z.core.$ZodIssue, source: string, received: unknown): string {
  const shown = received === undefined ? 'missing' : `${JSON.stringify(received)}`;
  const expected =
    issue.code === 'invalid_value'
      ? `one of ${issue.values.map(String).join(', ')}`
      : issue.code === 'invalid_type'
        ? `a ${issue.expected}`
        : issue.message.replace(/^Invalid input: /, '').replace(/^Invalid /, 'a valid ');
  return `${source} is ${shown}, but it must be ${expected}.`;
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), root);
}

/** Parses with a schema; on failure, one sentence naming the first wrong key and its source. */
function parseOrExplain<T>(schema: z.ZodType<T>, input: unknown, sourceOf: (path: string) => string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  // an unknown interface name inside a list is reported against the list itself
  const received = valueAt(input, issue.path);
  throw new ConfigError(describeIssue(issue, sourceOf(path), received));
}

/**
 * The reports directory: --reports, else SMS_REPORTS_DIR, else reports/ (the one place this
 * precedence is written; the run settings, the CLI's report, merge and bundle all read it here).
 */
export function reportsDirOf({ env, flags = {} }: LoadOptions): string {
  return flags.reportsDir ?? (env.SMS_REPORTS_DIR || 'reports');
}

export interface LoadOptions {
  env: NodeJS.ProcessEnv;
  /** command-line values, which win over the environment */
  flags?: { target?: string; profile?: string; seed?: string; areas?: string; reportsDir?: string; expectations?: string };
}

/** Whether a target was given (--target, --profile, SMS_TARGET, SMS_PROFILE); otherwise the run starts the reference. */
export function targetGiven({ env, flags = {} }: LoadOptions): boolean {
  return Boolean(flags.target ?? flags.profile ?? env.SMS_TARGET ?? env.SMS_PROFILE);
}

/** The expectations file: --expectations, else SMS_EXPECTATIONS, else the profile's `expectations`. */
export function expectationsPathOf({ env, flags = {} }: LoadOptions, profile?: Pick<Profile, 'expectations'>): string | undefined {
  return flags.expectations ?? (env.SMS_EXPECTATIONS || undefined) ?? profile?.expectations;
}

/** Today as YYYY-MM-DD in UTC, against which expectations expire (SMS_TODAY overrides it, for self-tests). */
export function todayOf(env: NodeJS.ProcessEnv): string {
  return env.SMS_TODAY || new Date().toISOString().slice(0, 10);
}

/** Whether `run` prints where its time went (SMS_BENCH_TIMINGS, for `npm run bench`). */
export function benchTimings(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.SMS_BENCH_TIMINGS);
}

/** A profile the suite did not read from its configuration (the embedded reference's, generated), with the SMS_CONCURRENCY, SMS_MAX_* limits applied, parsed as loadProfile parses. */
export function givenProfile(input: object, env: NodeJS.ProcessEnv): Profile {
  return parseOrExplain(ProfileSchema, withLimitEnv(input, env), (path) => `The profile value "${path}"`);
}

/** The target profile: the JSON file (SMS_PROFILE or --profile), then env vars, then flags. */
export function loadProfile({ env, flags = {} }: LoadOptions): Profile {
  const file = flags.profile ?? env.SMS_PROFILE;
  let fromFile: Record<string, unknown> = {};
  if (file) {
    let text: string;
    try {
      text = readFileSync(resolve(file), 'utf8');
    } catch {
      throw new ConfigError(`The profile file ${file} (SMS_PROFILE or --profile) cannot be read; check the path.`);
    }
    try {
      fromFile = JSON.parse(text) as Record<string, unknown>;
    } catch (e) {
      throw new ConfigError(`The profile file ${file} is not valid JSON (${(e as Error).message}).`);
    }
  }
  const merged: Record<string, unknown> = { ...fromFile };
  const origin: Record<string, string> = {};
  for (const [name, key] of Object.entries(ENV_KEYS)) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    merged[key] = key === 'interfaces' ? list(value) : value;
    origin[key] = name;
  }
  for (const [name, key] of Object.entries(LIMIT_ENV_KEYS)) if (env[name]) origin[`limits.${key}`] = name;
  Object.assign(merged, withLimitEnv(merged, env));
  if (flags.target) {
    merged.baseUrl = flags.target;
    origin.baseUrl = '--target';
  }
  if (merged.baseUrl === undefined) {
    throw new ConfigError('No target is set: pass --target URL, set SMS_TARGET, or give a profile file with "baseUrl".');
  }
  return parseOrExplain(ProfileSchema, merged, (path) => {
    const top = path.split('.')[0]!;
    const from = origin[path] ?? origin[top] ?? (file ? `the profile file ${file}` : 'the profile');
    return `The profile value "${path}" (from ${from})`;
  });
}

/** Run settings from env vars and flags; seed and run id are drawn when not given. */
export function loadRunSettings({ env, flags = {} }: LoadOptions): RunSettings {
  const input: Record<string, unknown> = {};
  const origin: Record<string, string> = {};
  for (const [name, key] of Object.entries(RUN_ENV)) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    input[key] = key === 'areas' ? list(value) : value;
    origin[key] = name;
  }
  if (flags.seed !== undefined) Object.assign(input, { seed: flags.seed }) && (origin.seed = '--seed');
  if (flags.areas !== undefined) Object.assign(input, { areas: list(flags.areas) }) && (origin.areas = '--area');
  input.reportsDir = reportsDirOf({ env, flags });
  origin.reportsDir = flags.reportsDir !== undefined ? '--reports' : 'SMS_REPORTS_DIR';
  input.seed ??= Math.floor(Math.random() * 2 ** 31);
  input.runId ??= Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  return parseOrExplain(RunSettingsSchema, input, (path) => {
    const top = path.split('.')[0]!;
    return `The setting ${origin[top] ?? top}`;
  });
}

export function offers(profile: Profile, name: InterfaceName): boolean {
  return profile.interfaces.includes(name);
}
