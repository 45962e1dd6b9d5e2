import { SECRET_KEY } from '../contract/profile.js';
import { secretForms as formsOf, type SecretForm } from '../contract/secret-forms.js';
import { labelVariable, labelWords, type SecretLabel } from './secret-labels.js';

export type { SecretForm };

/** Shortest value treated as a secret string; shorter ones would blank out ordinary text. */
const MIN_SECRET_LENGTH = 4;

/** A secret the redactor knows: its value, what it is and whose, and the shell variable a curl line names it by. */
export interface KnownSecret {
  value: string;
  label: SecretLabel;
  /** unique within the redactor: SMS_PRIMARY_PASSWORD, SMS_PRIMARY_SESSIONKEY_2 */
  variable: string;
  /** what the placeholder says: "password of primary", "SessionKey of primary #2" */
  words: string;
}

interface Form {
  text: string;
  form: SecretForm;
  secret: KnownSecret;
}

/**
 * Keeps secrets out of evidence BY VALUE, never by a field's name: the profile's secrets
 * (passwords, client secrets, keys) are known from the start, and the ones the target hands out
 * (tokens, session keys, one-time and generated passwords) are learnt as answers reveal them, each
 * with what it is and whose; every form of a known value is replaced wherever it appears, by a
 * placeholder that names it. A value the suite made up to be wrong is not a secret: registered as
 * `deliberate`, it is never learnt, stays in clear and is marked as deliberately wrong.
 */
export class Redactor {
  readonly #known = new Map<string, KnownSecret>();
  /** how many secrets took each variable name: the second SessionKey of primary is SMS_PRIMARY_SESSIONKEY_2 */
  readonly #variables = new Map<string, number>();
  /** made-up wrong values, by value: what they stand for (client_secret, otp…) */
  readonly #deliberate = new Map<string, string>();
  /** values that name an owner without being secret (a profile account's user name or e-mail) */
  readonly #identifiers = new Map<string, string>();
  /** every form of every secret, by its first two characters (keyOf), longest first (buckets grown since, sorted before the next scan) */
  #byFirst?: Map<number, Form[]>;
  /** a bit per hash of a bucket's key (hashOf): a place whose bit is clear starts no form, told without a Map lookup */
  #starts?: Uint8Array;
  readonly #unsorted = new Set<Form[]>();

  constructor(initial: Iterable<string | { value: string; label: SecretLabel }> = [], identifiers: Iterable<{ value: string; owner: string }> = []) {
    for (const v of initial) typeof v === 'string' ? this.learn(v) : this.learn(v.value, v.label);
    for (const { value, owner } of identifiers) this.identify(value, owner);
  }

  /** Learns a secret value; a value known with no owner takes the first label that names one. */
  learn(value: unknown, label: SecretLabel = { what: 'secret' }): void {
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || this.#deliberate.has(value)) return;
    const old = this.#known.get(value);
    if (old && (old.label.owner !== undefined || label.owner === undefined)) return;
    const base = labelVariable(label);
    const n = (this.#variables.get(base) ?? 0) + 1;
    this.#variables.set(base, n);
    const [variable, words] = n === 1 ? [base, labelWords(label)] : [`${base}_${n}`, `${labelWords(label)} #${n}`];
    // relabelled in place: the index keeps pointing at it
    if (old) return void Object.assign(old, { label, variable, words });
    const secret = { value, label, variable, words };
    this.#known.set(value, secret);
    // into the index as it stands (a rule learns a secret per answer or so; rebuilding it each time cost more than the rest)
    if (this.#byFirst) this.#insert(this.#byFirst, secret);
  }

  /** Registers a value the suite made up to be wrong (generators/wrong-value.ts): shown in clear, marked. A known secret stays one. */
  deliberate(value: string, what: string): string {
    if (!this.#known.has(value)) this.#deliberate.set(value, what);
    return value;
  }

  /** A value that names `owner` without being secret: a request carrying it and no secret is that owner's. */
  identify(value: string, owner: string): void {
    if (value.length >= MIN_SECRET_LENGTH && !this.#identifiers.has(value)) this.#identifiers.set(value, owner);
  }

  /**
   * A redactor that knows what this one knows, labels and index included, and learns on its own
   * from then on: a rule's, from its worker's redactor of the profile (made once, not per rule).
   */
  fork(): Redactor {
    const r = new Redactor();
    for (const [value, secret] of this.#known) r.#known.set(value, { ...secret, label: { ...secret.label } });
    for (const [k, v] of this.#variables) r.#variables.set(k, v);
    for (const [k, v] of this.#deliberate) r.#deliberate.set(k, v);
    for (const [k, v] of this.#identifiers) r.#identifiers.set(k, v);
    if (this.#byFirst) {
      for (const bucket of this.#unsorted) bucket.sort((a, b) => b.text.length - a.text.length);
      this.#unsorted.clear();
      const byFirst = new Map<number, Form[]>();
      for (const [k, bucket] of this.#byFirst) byFirst.set(k, bucket.map((f) => ({ ...f, secret: r.#known.get(f.secret.value)! })));
      r.#byFirst = byFirst;
      r.#starts = this.#starts!.slice();
    }
    return r;
  }

  /** Every value known: to hand on to another redactor. */
  learned(): string[] {
    return [...this.#known.keys()];
  }

  /** Learns what another redactor knows, with its labels (a rule reading a shared fixture's secrets). */
  adopt(other: Redactor): void {
    for (const s of other.#known.values()) this.learn(s.value, s.label);
    for (const [value, owner] of other.#identifiers) this.identify(value, owner);
  }

  /** Learns every secret-named string field of a parsed body (an answer's tokens), as `owner`'s. */
  learnFrom(body: unknown, owner?: string, source?: string): void {
    walk(body, '', (key, value) => {
      if (SECRET_KEY.test(key)) this.learn(value, { what: key, owner, source });
    });
  }

  /** Learns the secrets a body's text holds: JSON fields or XML elements named like secrets (SOAP SessionKey, Password). */
  learnFromText(text: string | undefined, owner?: string, source?: string): void {
    if (!text) return;
    if (text.trimStart().startsWith('<')) {
      for (const m of text.matchAll(/<(?:[\w.-]+:)?([\w.-]+)(?:\s[^>]*)?>([^<]+)<\//g)) if (SECRET_KEY.test(m[1]!)) this.learn(m[2]!.trim(), { what: m[1]!, owner, source });
      return;
    }
    try {
      this.learnFrom(JSON.parse(text), owner, source);
    } catch {
      // not JSON: a form or a raw body; only values already known are hidden in it
    }
  }

  /** Learns the credentials a request sends (secret-named headers, body fields), unless made up to be wrong. */
  learnFromRequest(headers: Record<string, string>, body: string | undefined, owner?: string): void {
    for (const [name, value] of Object.entries(headers)) {
      if (!SECRET_KEY.test(name)) continue;
      // `Bearer <token>`: the credential is the part after the scheme
      const credential = /^\S+ (\S+)$/.exec(value)?.[1] ?? value;
      this.learn(credential, { what: name, owner });
    }
    this.learnFromText(body, owner);
  }

  /**
   * Whose credential a request carries: the owners of the secrets in its headers, else in its URL
   * and body; else the owner a profile identifier names (a log-on with a deliberately wrong
   * password); 'anonymous' when it carries none.
   */
  actorOf(headers: Record<string, string>, url: string, body?: string): string {
    let unnamed = false;
    const owners = new Set<string>();
    const look = (texts: string[]) => {
      for (const text of texts) this.#scan(text, (f) => (f.secret.label.owner ? owners.add(f.secret.label.owner) : (unnamed = true), ''));
      return owners.size > 0;
    };
    if (look(Object.values(headers)) || look([url, body ?? ''])) return [...owners].join(' + ');
    const texts = [url, body ?? '', ...Object.values(headers)];
    const found = [...this.#identifiers.keys()].filter((value) => texts.some((t) => t.includes(value)));
    // 'lockable1' inside 'mlockable1': only identifiers no longer one found contains
    for (const value of found) if (!found.some((other) => other !== value && other.includes(value))) owners.add(this.#identifiers.get(value)!);
    if (owners.size > 0) return [...owners].join(' + ');
    return unnamed ? 'an unnamed credential' : 'anonymous';
  }

  /** The made-up wrong values a text carries, in any form but base64. */
  deliberateIn(...texts: Array<string | undefined>): Array<{ what: string; value: string }> {
    const found: Array<{ what: string; value: string }> = [];
    for (const [value, what] of this.#deliberate) {
      const forms = formsOf(value).map(([t]) => t);
      if (texts.some((text) => text !== undefined && forms.some((f) => text.includes(f)))) found.push({ what, value });
    }
    return found;
  }

  /** Replaces every form of every known secret with `placeholder`'s answer (the curl line names shell variables). */
  replace(input: string, placeholder: (secret: KnownSecret, form: SecretForm) => string): string {
    return this.#scan(input, (f) => placeholder(f.secret, f.form));
  }

  /** Replaces every known secret inside free text by a placeholder that names it. */
  text(input: string): string {
    return this.#scan(input, (f) => `[redacted: ${f.secret.words}${f.form === 'plain' ? '' : `, ${f.form}`}]`);
  }

  /** A body, redacted: by value, as any text (a field's name hides nothing a made-up value holds). */
  body(input: string): string {
    return this.text(input);
  }

  /** A header's value, redacted by value: X-IV, X-Hash and the like are no secrets. */
  header(_name: string, value: string): string {
    return this.text(value);
  }

  /**
   * One pass over the text: a rule knows some 140 secrets, four forms each; trying at each
   * character only the forms that start with its two characters costs less than searching for
   * each in turn (or one RegExp of them all), and most places start none. At one place the
   * longest form wins.
   */
  #scan(input: string, hit: (form: Form) => string): string {
    const byFirst = (this.#byFirst ??= this.#index());
    const starts = this.#starts!;
    for (const bucket of this.#unsorted) bucket.sort((a, b) => b.text.length - a.text.length);
    this.#unsorted.clear();
    let out = '';
    let from = 0;
    const last = input.length - 1;
    for (let i = 0; i < last; ) {
      const key = keyOf(input, i);
      const h = hashOf(key);
      if ((starts[h >> 3]! & (1 << (h & 7))) === 0) {
        i++;
        continue;
      }
      const candidates = byFirst.get(key);
      const found = candidates?.find((c) => input.startsWith(c.text, i));
      if (found === undefined) {
        i++;
        continue;
      }
      out += input.slice(from, i) + hit(found);
      i += found.text.length;
      from = i;
    }
    return from === 0 ? input : out + input.slice(from);
  }

  #index(): Map<number, Form[]> {
    this.#starts = new Uint8Array(STARTS_BYTES);
    const byFirst = new Map<number, Form[]>();
    for (const secret of this.#known.values()) this.#insert(byFirst, secret);
    return byFirst;
  }

  /** Each form of `secret` into its first two characters' bucket, longest first. */
  #insert(byFirst: Map<number, Form[]>, secret: KnownSecret): void {
    for (const [text, form] of formsOf(secret.value)) {
      const key = keyOf(text, 0);
      const h = hashOf(key);
      const starts = this.#starts!;
      starts[h >> 3] = starts[h >> 3]! | (1 << (h & 7));
      let bucket = byFirst.get(key);
      if (!bucket) byFirst.set(key, (bucket = []));
      bucket.push({ text, form, secret });
      this.#unsorted.add(bucket);
    }
  }
}

/** The bucket of a form, or of a place in a text: its first two UTF-16 units (every form is at least MIN_SECRET_LENGTH long). */
const keyOf = (text: string, at: number) => (text.charCodeAt(at) << 16) | text.charCodeAt(at + 1);

/** 2^16 bits: a rule's few hundred forms leave all but about one place in a hundred clear */
const STARTS_BYTES = 2 ** 13;
const hashOf = (key: number) => (Math.imul(key, 0x9e3779b1) >>> 16) & 0xffff;

function walk(value: unknown, key: string, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(value)) value.forEach((v) => walk(v, key, visit));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k, visit);
  else visit(key, value);
}
