import { Agent } from 'undici';
import type { Profile } from '../../contract/profile.js';
import type { Side } from '../../generators/mailbox-model.js';
import { Clients } from '../../harness/clients/index.js';
import { HttpClient, type Exchange, type HttpResponse } from '../../harness/http.js';
import { Redactor } from '../../harness/redact.js';
import { recordExchanges } from '../../harness/transport/recorder.js';
import type { DiffSide } from './targets.js';
import { Normaliser } from './normalise.js';
import { witness, type WitnessedExchange } from './witness.js';

/** One step's answer as compared: status, media type and normalised body (or why there was none). */
export interface Observation {
  step: string;
  status?: number;
  type?: string;
  body?: unknown;
  /** a step that could not be done on this target (a transport failure, a precondition) */
  error?: string;
  /** skipped: nothing for it to act on yet, or the target does not offer the interface */
  skipped?: true;
  /** (a witnessed run only) the step's requests and answers as evidence, each with who sent it */
  exchanges?: WitnessedExchange[];
}

/**
 * What a target held before the first step of a witnessed sequence: each user's account details
 * and system folders (normalised as answers are), and the exchanges that read them. A difference
 * here is one of the targets' data (their accounts, their folder names), not of their behaviour.
 */
export interface StartState {
  held: Record<Side, { details?: unknown; systemFolders: string[] }>;
  exchanges: WitnessedExchange[];
}

export interface MadeFolder {
  id: number;
  owner: Side;
  type: 0 | 1;
  name: string;
}

/**
 * What one sequence has on one target: the two users' sessions (primary sends, peer receives,
 * as in generators/mailbox-model.ts), their system folders, and what the sequence made, so it
 * can be removed when the sequence ends.
 */
export class DiffSession {
  readonly clients: Clients;
  readonly norm = new Normaliser();
  readonly redact: Redactor;
  readonly keys: Partial<Record<Side, string>> = {};
  readonly soapKeys: Partial<Record<Side, string>> = {};
  /** system folder ids by side: name → id */
  readonly system: Record<Side, Map<string, number>> = { sender: new Map(), recipient: new Map() };
  readonly mids: number[] = [];
  folders: MadeFolder[] = [];
  /** what a step family keeps for the rest of the sequence (the companies it made, …), by family name */
  readonly kept = new Map<string, unknown>();
  /** what step families made outside the mailbox (a company, a whitelist), undone first when the sequence ends, newest first */
  readonly #undo: Array<() => Promise<unknown>> = [];
  /** (witnessed) every exchange since the last `witnessed()` */
  readonly #raw: Exchange[] = [];
  /** (witnessed) what the targets held before the first step */
  start?: StartState;

  constructor(
    readonly side: DiffSide,
    readonly agent: Agent,
    /** a word unique to this sequence run, in the names it makes (`<run>` in answers) */
    readonly tag: string,
    /** record every exchange as evidence (the replay a report shows; the search needs none) */
    readonly witnessing = false,
  ) {
    this.redact = new Redactor(side.secrets);
    const dispatcher = witnessing ? agent.compose(recordExchanges((x) => this.#raw.push(x))) : agent;
    const http = new HttpClient(dispatcher, { timeoutMs: 10_000, redact: this.redact, limits: side.profile.limits });
    this.clients = new Clients(http, side.profile, this.redact);
    const { accounts } = side.profile;
    for (const [role, account] of [['<sender>', accounts.primary], ['<recipient>', accounts.peer]] as const) {
      this.norm.word(account?.email, `${role}@`);
      this.norm.word(account?.username, role);
    }
    for (const s of side.secrets) this.norm.word(s, '<secret>');
    this.norm.word(tag, '<run>');
    // createFolderLike names a folder like another in upper case (the tag included)
    this.norm.word(tag.toUpperCase(), '<RUN>');
  }

  get profile(): Profile {
    return this.side.profile;
  }

  /** The exchanges since the last call, rendered as evidence (after the step: the secrets its answers carry are learnt by then). */
  witnessed(): WitnessedExchange[] {
    return witness(this.#raw.splice(0), this.redact, this, this.norm);
  }

  /** A step's observation with its evidence and what it acted on (a witnessed run), else as it is. */
  withEvidence(o: Observation): Observation {
    return this.witnessing ? { ...o, exchanges: this.witnessed() } : o;
  }

  offers(area: string): boolean {
    return (this.profile.interfaces as readonly string[]).includes(area);
  }

  /** An answer as compared; keys and tokens it carries are learnt as secrets first. */
  observe(step: string, res: HttpResponse): Observation {
    const json = res.json;
    if (json && typeof json === 'object') {
      for (const [k, v] of Object.entries(json as Record<string, unknown>)) if (typeof v === 'string' && v.length >= 16 && /key$|_token$/i.test(k)) this.norm.word(v, '<secret>');
    }
    return { step, status: res.status, type: res.mediaType, body: json !== undefined ? this.norm.value(json) : this.norm.text(res.text.slice(0, 2000)) };
  }

  rest(who: Side): { sessionKey: string } {
    const key = this.keys[who];
    if (!key) throw new Error(`no session key for the ${who}`);
    return { sessionKey: key };
  }

  account(who: Side) {
    const a = who === 'sender' ? this.profile.accounts.primary : this.profile.accounts.peer;
    if (!a) throw new Error(`the profile has no ${who === 'sender' ? 'primary' : 'peer'} account`);
    return a;
  }

  /** The k-th newest message, if any. */
  mid(k: number): number | undefined {
    return this.mids.length === 0 ? undefined : this.mids[this.mids.length - 1 - (k % this.mids.length)];
  }

  /** Move targets of a side as in the mailbox commands: its custom folders newest first, then its home folder. */
  destination(who: Side, to: number): number | undefined {
    const home = this.home(who);
    const list = [...(home === undefined ? [] : [home]), ...this.folders.filter((f) => f.owner === who).map((f) => f.id)];
    return list.length === 0 ? undefined : list[list.length - 1 - (to % list.length)];
  }

  home(who: Side): number | undefined {
    const names = who === 'sender' ? this.profile.messaging.systemFolderNames.outbox : this.profile.messaging.systemFolderNames.inbox;
    for (const [name, id] of this.system[who]) if (names.some((n) => n.toLowerCase() === name.toLowerCase())) return id;
    return undefined;
  }

  /** Folder ids of a side where a copy can be: its system folders and its custom ones. */
  everywhere(who: Side): number[] {
    return [...this.system[who].values(), ...this.folders.filter((f) => f.owner === who).map((f) => f.id)];
  }

  /** Logs both users on and learns their system folders (not compared: the steps compare what they show). */
  async open(): Promise<void> {
    for (const who of ['sender', 'recipient'] as const) {
      const res = await this.clients.rest.logon(this.account(who));
      const key = (res.json as { SessionKey?: string } | undefined)?.SessionKey;
      if (!key) throw new Error(`log on as the ${who} answered HTTP ${res.status}`);
      this.redact.learn(key);
      this.norm.word(key, '<secret>');
      this.keys[who] = key;
      const list = await this.clients.rest.listFolders({ sessionKey: key });
      const folders = (list.json as { Folders?: Array<{ FolderId: number; FolderName: string; IsSystemFolder?: boolean }> } | undefined)?.Folders ?? [];
      for (const f of folders) {
        if (f.IsSystemFolder === false) continue;
        this.system[who].set(f.FolderName, f.FolderId);
        this.norm.id(f.FolderId, `#${f.FolderName}`, 'f');
      }
    }
    if (this.witnessing) await this.#readStart();
  }

  /** What each user holds before the first step: account details and system folders. */
  async #readStart(): Promise<void> {
    const held = {} as StartState['held'];
    for (const who of ['sender', 'recipient'] as const) {
      const res = await this.clients.rest.details(this.rest(who)).catch(() => undefined);
      const details = res && res.status < 300 && res.json !== undefined ? this.norm.value(res.json) : undefined;
      held[who] = { ...(details !== undefined ? { details } : {}), systemFolders: [...this.system[who].keys()] };
    }
    this.start = { held, exchanges: this.witnessed() };
  }

  /** Registers how to undo something a step made; close() runs it (errors ignored: cleanup is best effort). */
  onClose(undo: () => Promise<unknown>): void {
    this.#undo.push(undo);
  }

  /** Removes what the sequence made: the families' undo list, every copy purged, folders deleted, sessions closed. */
  async close(): Promise<void> {
    for (const undo of this.#undo.splice(0).reverse()) await undo().catch(() => undefined);
    const rest = this.clients.rest;
    for (const who of ['sender', 'recipient'] as const) {
      const key = this.keys[who];
      if (!key) continue;
      for (const mid of this.mids) {
        // up to the three §3.2 steps, in case a permanent delete only moves it on
        for (let i = 0; i < 3; i++) {
          const status = (await rest.deleteMessage({ sessionKey: key }, mid, true).catch(() => undefined))?.status ?? 500;
          if (status >= 300) break;
        }
      }
    }
    for (const f of this.folders) {
      const key = this.keys[f.owner];
      if (key) await rest.deleteFolder({ sessionKey: key }, f.id).catch(() => undefined);
    }
    for (const who of ['sender', 'recipient'] as const) {
      if (this.soapKeys[who]) await this.clients.soap.logout(this.soapKeys[who]).catch(() => undefined);
      if (this.keys[who]) await rest.logout({ sessionKey: this.keys[who] }).catch(() => undefined);
    }
  }
}
