import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { Profile } from '../../contract/profile.js';
import type { OperationId } from '../../contract/operations.js';
import { ehloNameFor } from '../../contract/rule-channel.js';
import { TargetBroken } from '../outcomes.js';
import type { Redactor } from '../redact.js';
import { shellQuote, shellWord, variableNotes, type CurlVariable } from '../evidence.js';

/** The SMTP gateway's company credentials (spec §2.2 SMTPCredentialsModel: a user id and a password). */
export interface SmtpCredentials {
  userId: string;
  password: string;
}

export type SmtpStage = 'connect' | 'starttls' | 'auth' | 'mail' | 'rcpt' | 'data';

/** Where a dialogue stopped short, and the server's reply there (none when the connection just ended). */
export interface SmtpStop {
  stage: SmtpStage;
  code?: number;
  reply: string;
}

/** One SMTP conversation, as the report shows it. */
export interface SmtpDialogue {
  /** `# ` lines shown above the dialogue: its actor, the made-up wrong values it sends */
  notes?: string[];
  /** `C: …` and `S: …`, one line per command and reply line; AUTH lines redacted */
  lines: string[];
  /** a command that replays the conversation (secrets left as [redacted]) */
  replay: string;
  /** a command to type the conversation by hand */
  byHand: string;
}

export interface SmtpOutcome {
  /** the EHLO keywords offered before STARTTLS (RFC 5321 §4.1.1.1) */
  offered: string[];
  /** whether the session ran inside TLS after STARTTLS */
  tls: boolean;
  /** whether AUTH succeeded (235) */
  authenticated: boolean;
  /** whether the message was accepted (250 after DATA) */
  accepted: boolean;
  /** the first refusal or break, if the dialogue did not go all the way */
  stop?: SmtpStop;
  dialogue: SmtpDialogue;
}

export interface SmtpAttempt {
  /** local address to send from (a loopback alias for the whitelist rules); the system's choice by default */
  from?: string;
  /** the company SMTP credentials; without them the dialogue ends after STARTTLS */
  credentials?: SmtpCredentials;
  method?: 'PLAIN' | 'LOGIN';
  /** the message; without it the dialogue ends after AUTH */
  message?: { to: string[]; subject: string; text: string };
  /** whether to go on without TLS when STARTTLS is not offered (only the STARTTLS rule needs to see that) */
  tlsOptional?: boolean;
}

/** Bounds on one dialogue: lines kept, characters per line, and the whole conversation's time. */
const MAX_LINES = 120;
const MAX_LINE = 300;

const STAGE_OF: Record<string, SmtpStage> = {
  CONN: 'connect',
  EHLO: 'connect',
  HELO: 'connect',
  STARTTLS: 'starttls',
  'AUTH PLAIN': 'auth',
  'AUTH LOGIN': 'auth',
  'MAIL FROM': 'mail',
  'RCPT TO': 'rcpt',
  DATA: 'data',
};


/**
 * The SMTP gateway (spec §1, B7) through a real client, nodemailer's SMTP connection: EHLO
 * names the rule (contract/smtp.ts), STARTTLS, AUTH PLAIN or LOGIN, one message. Every
 * conversation is kept as evidence, one line per command and reply, with AUTH lines redacted
 * and a swaks command that replays it.
 */
export class SmtpClient {
  constructor(
    private readonly profile: Profile,
    private readonly redact: Redactor,
    private readonly ruleId: string,
    private readonly timeoutMs: number,
    private readonly record: (title: string, dialogue: SmtpDialogue) => void,
    /** the harness's operation gate (harness/http.ts `assertOffered`): throws OperationAbsent where the profile says the gateway is not offered */
    private readonly assertOffered: (operation: OperationId) => void,
  ) {}

  get gateway(): { host: string; port: number } {
    const smtp = this.profile.smtp;
    if (!smtp) throw new TargetBroken('The profile names no SMTP gateway (smtp.host, smtp.port).');
    return smtp;
  }

  /** One conversation, as far as `attempt` asks and the gateway lets it go. */
  async converse(title: string, attempt: SmtpAttempt = {}): Promise<SmtpOutcome> {
    // spec §1: the SMTP gateway delivery, gated like every HTTP operation
    this.assertOffered('smtp.Deliver');
    const { host, port } = this.gateway;
    // the password is hidden by value in every form (base64 included); a made-up wrong one is shown, marked
    const notes = this.#notes(attempt);
    const lines: string[] = [];
    let authLines = false;
    const note = (who: 'C' | 'S', text: string) => {
      for (const raw of text.split(/\r?\n/)) {
        if (lines.length >= MAX_LINES) return;
        let line = raw;
        if (who === 'C' && /^AUTH\s/i.test(line)) {
          authLines = true;
          line = line.replace(/^(AUTH\s+\S+)\s.*$/i, '$1 [redacted]');
        } else if (who === 'C' && authLines) line = '[redacted]';
        else if (who === 'S' && authLines && !/^334[ -]/.test(line)) authLines = false;
        lines.push(`${who}: ${this.redact.text(line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line)}`);
      }
    };
    const logger = {
      debug: (entry: { tnx?: string }, message: unknown) => {
        if (entry.tnx === 'client') note('C', String(message));
        if (entry.tnx === 'server') note('S', String(message));
      },
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      trace: () => undefined,
      fatal: () => undefined,
    };
    const connection = new SMTPConnection({
      host,
      port,
      name: ehloNameFor(this.ruleId),
      localAddress: attempt.from,
      requireTLS: !attempt.tlsOptional,
      opportunisticTLS: attempt.tlsOptional,
      tls: { rejectUnauthorized: this.profile.smtp?.verifyCertificate ?? false },
      connectionTimeout: this.timeoutMs,
      greetingTimeout: this.timeoutMs,
      socketTimeout: this.timeoutMs,
      maxResponseSize: 64 * 1024,
      logger,
      transactionLog: true,
    });
    const outcome: SmtpOutcome = { offered: [], tls: false, authenticated: false, accepted: false, dialogue: { lines, replay: '', byHand: `openssl s_client -starttls smtp -crlf -quiet -connect ${host}:${port}` } };
    const stopWith = (e: unknown): void => {
      const err = e as { command?: string; responseCode?: number; response?: string; message?: string; code?: string };
      if (err.code === 'ETIMEDOUT' || (err.code === 'ESOCKET' && !err.response && /ECONNREFUSED|EADDRNOTAVAIL/.test(err.message ?? ''))) throw new TargetBroken(`The SMTP gateway at ${host}:${port} could not be reached: ${err.message}`);
      outcome.stop = { stage: STAGE_OF[err.command ?? ''] ?? 'connect', code: err.responseCode, reply: this.redact.text(err.response ?? err.message ?? String(e)) };
    };
    // the whole conversation is bounded too: a gateway that trickles replies cannot hold a rule
    const deadline = setTimeout(() => connection.close(), this.timeoutMs * 3);
    try {
      await new Promise<void>((resolve, reject) => {
        connection.once('error', reject);
        connection.connect(() => resolve());
      });
      outcome.offered = firstEhloKeywords(lines);
      outcome.tls = connection.secure;
      if (attempt.credentials) {
        const { userId, password } = attempt.credentials;
        await new Promise<void>((resolve, reject) => connection.login({ user: userId, pass: password, method: attempt.method ?? 'PLAIN' }, (err) => (err ? reject(err) : resolve())));
        outcome.authenticated = true;
      }
      if (attempt.message) {
        const raw = await this.#compose(attempt.message);
        note('C', `(message: ${raw.length} bytes, Subject: ${attempt.message.subject})`);
        await new Promise<void>((resolve, reject) =>
          connection.send({ from: this.#mailFrom(), to: attempt.message!.to }, raw, (err) => (err ? reject(err) : resolve())),
        );
        outcome.accepted = true;
      }
    } catch (e) {
      if (e instanceof TargetBroken) throw e;
      stopWith(e);
    } finally {
      clearTimeout(deadline);
      if (!outcome.stop) connection.quit();
      connection.close();
    }
    outcome.offered = outcome.offered.length ? outcome.offered : firstEhloKeywords(lines);
    outcome.dialogue.notes = notes;
    outcome.dialogue.replay = this.#swaks(attempt);
    this.record(title, outcome.dialogue);
    return outcome;
  }

  #mailFrom(): string {
    return this.profile.smtp?.mailFrom ?? 'conformance@example.com';
  }

  #compose(message: { to: string[]; subject: string; text: string }): Promise<Buffer> {
    return new MailComposer({ from: this.#mailFrom(), to: message.to, subject: message.subject, text: message.text }).compile().build();
  }

  /** The `# ` lines a dialogue opens with: its actor (whose SMTP credentials) and the made-up wrong values it sends. */
  #notes(attempt: SmtpAttempt): string[] {
    const credentials = attempt.credentials;
    if (!credentials) return ['# actor: anonymous'];
    this.redact.learn(credentials.password, { what: 'SMTP password' });
    const actor = this.redact.actorOf({}, '', `${credentials.userId} ${credentials.password}`);
    // the user id of credentials that authenticate names their owner when a wrong password is sent with it
    if (this.redact.deliberateIn(credentials.password).length === 0 && actor !== 'anonymous') this.redact.identify(credentials.userId, actor);
    return [`# actor: ${actor}`, ...this.redact.deliberateIn(credentials.userId, credentials.password).map((d) => `# ${d.what}: ${JSON.stringify(d.value)} (deliberately wrong)`)];
  }

  /** swaks (https://jetmore.org/john/code/swaks/) repeats the conversation once the secrets named are set. */
  #swaks(attempt: SmtpAttempt): string {
    const { host, port } = this.gateway;
    const parts = ['swaks', '--server', `${host}:${port}`, '--ehlo', ehloNameFor(this.ruleId)];
    if (!attempt.tlsOptional) parts.push('--tls');
    if (attempt.from) parts.push('--local-interface', attempt.from);
    const variables = new Map<string, CurlVariable>();
    if (attempt.credentials) parts.push('--auth', attempt.method ?? 'PLAIN', '--auth-user', shellWord(attempt.credentials.userId, this.redact, variables), '--auth-password', shellWord(attempt.credentials.password, this.redact, variables));
    if (attempt.message) {
      parts.push('--from', this.#mailFrom(), '--to', attempt.message.to.join(','));
      parts.push('--header', shellQuote(`Subject: ${attempt.message.subject}`), '--body', shellQuote(attempt.message.text));
    } else parts.push('--quit-after', attempt.credentials ? 'AUTH' : 'EHLO');
    return [...variableNotes(variables.values()), parts.join(' ')].join('\n');
  }
}

/** The keywords of the first EHLO reply (the one before STARTTLS), from the dialogue. */
function firstEhloKeywords(lines: readonly string[]): string[] {
  const start = lines.findIndex((l) => /^C: EHLO /i.test(l));
  if (start < 0) return [];
  const keywords: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^S: 250([ -])(.*)$/.exec(line);
    if (!m) break;
    keywords.push(m[2]!.trim());
    if (m[1] === ' ') break;
  }
  // the first line of the reply greets; the rest are keywords
  return keywords.slice(1).map((k) => k.toUpperCase());
}

/** The dialogue as an attachment: the lines, then the replay command. */
export function renderDialogue(dialogue: SmtpDialogue): string {
  return [...(dialogue.notes ?? []), ...dialogue.lines, '', '--- reproduce ---', dialogue.replay, '', `or by hand: ${dialogue.byHand}`].join('\n');
}
