import type { ProfileInput } from '../../contract/profile.js';
import type { RecordedExchange } from '../exchange.js';
import { wire, type Draft } from './draft.js';

/**
 * The deliberately deviant client's transport (the client rules' teeth are its switches,
 * judge/deviant/switches.ts): sends drafts with fetch, records each exchange as the judge reads
 * them, and lets one switch break the first request it applies to. With no switch it is a
 * conforming client of every operation (judge/deviant/sessions.ts).
 */

/** One client rule's switch: which session exercises it, and how it breaks a request (undefined: not this one). */
export interface Switch {
  readonly rule: string;
  readonly session: SessionName;
  mutate(d: Draft): Draft[] | undefined;
  /** the wrong step the SMTP dialogue takes (judge/deviant/smtp.ts), for an SMTP client rule */
  readonly smtp?: SmtpDeviation;
}

/** The SMTP dialogue's wrong steps, one per SMTP client rule (specs/smtp/client.rules.ts). */
export type SmtpDeviation = 'auth-in-clear' | 'auth-cram-md5' | 'mail-before-auth' | 'stale-password' | 'outside-whitelist';

export type SessionName = 'token' | 'rest' | 'soap' | 'admin' | 'provisioning' | 'directory';
export const SESSIONS: readonly SessionName[] = ['token', 'rest', 'soap', 'admin', 'provisioning', 'directory'];

/** What outlives a session on one reference: the accounts' current passwords, keys answered, a counter for unique names. */
export interface SharedState {
  passwords: Map<string, string>;
  companyKey?: string;
  counter: number;
}

export interface Answer {
  status: number;
  text: string;
  json?: unknown;
}

export class DeviantClient {
  readonly exchanges: RecordedExchange[] = [];
  #spent = false;

  constructor(
    readonly profile: ProfileInput,
    readonly shared: SharedState,
    private readonly sw?: Switch,
  ) {}

  /** The SMTP dialogue's wrong step under this client's switch, if it has one. */
  get smtpDeviation(): SmtpDeviation | undefined {
    return this.sw?.smtp;
  }

  /** A name no earlier session used. */
  unique(stem: string): string {
    this.shared.counter += 1;
    return `${stem}${Date.now().toString(36)}${this.shared.counter}`;
  }

  /** Sends the draft (or what the switch makes of it) and answers the draft's own request. */
  async send(d: Draft): Promise<Answer> {
    let drafts = [d];
    if (this.sw && !this.#spent) {
      const broken = this.sw.mutate(structuredClone(d));
      if (broken) {
        drafts = broken;
        this.#spent = true;
      }
    }
    let first: Answer | undefined;
    for (const draft of drafts) {
      const a = await this.#send(draft);
      first ??= a;
    }
    return first!;
  }

  async #send(d: Draft): Promise<Answer> {
    const w = wire(d);
    // a header a switch set to '' is one it took away
    const headers: Record<string, string> = Object.fromEntries(Object.entries({ accept: '*/*', ...w.headers }).filter(([, v]) => v !== ''));
    // what undici puts on the wire beside the headers set: the length of a body it knows whole
    if (w.body !== undefined) headers['content-length'] = String(Buffer.byteLength(w.body));
    const x: RecordedExchange = { seq: this.exchanges.length, client: 'deviant', at: Date.now(), method: w.method, url: w.url, headers, ...(w.body !== undefined ? { body: w.body } : {}) };
    this.exchanges.push(x);
    try {
      const { 'content-length': _, ...sent } = headers;
      const res = await fetch(w.url, { method: w.method, headers: sent, ...(w.body !== undefined ? { body: w.body } : {}) });
      const text = await res.text();
      x.status = res.status;
      x.answer = text;
      let json: unknown;
      try {
        json = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        json = undefined;
      }
      return { status: res.status, text, json };
    } catch (e) {
      x.error = (e as Error).message;
      return { status: 0, text: '' };
    }
  }
}
