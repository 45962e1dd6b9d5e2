import { SECRET_KEY } from '../contract/profile.js';

/** Shortest value treated as a secret string; shorter ones would blank out ordinary text. */
const MIN_SECRET_LENGTH = 4;

/**
 * Keeps secrets (passwords, session keys, tokens, keys, OTPs) out of evidence. It knows the
 * profile's secret values from the start and learns new ones (tokens, session keys) as
 * responses reveal them, so a value seen once is hidden wherever it appears later.
 */
export class Redactor {
  readonly #values = new Set<string>();
  /** the values longest first, each with its URL-encoded form where that differs; rebuilt on learn */
  #ordered?: Array<[string, string | undefined]>;
  /** every form of every value, by its first character: most text holds none, and one pass tells (rebuilt on learn) */
  #byFirst?: string[][];

  constructor(initial: Iterable<string> = []) {
    for (const v of initial) this.learn(v);
  }

  learn(value: unknown): void {
    if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH && !this.#values.has(value)) {
      this.#values.add(value);
      this.#ordered = undefined;
      this.#byFirst = undefined;
    }
  }

  /** Every value known: to hand on to another redactor (a rule reading a shared fixture's secrets). */
  learned(): string[] {
    return [...this.#values];
  }

  /** Learns every secret-named string field of a parsed body. */
  learnFrom(body: unknown): void {
    walk(body, '', (key, value) => {
      if (SECRET_KEY.test(key)) this.learn(value);
    });
  }

  /** Replaces every known secret value inside free text. */
  text(input: string): string {
    // longest first, so a secret that contains another is replaced whole
    this.#ordered ??= [...this.#values].sort((a, b) => b.length - a.length).map((v) => [v, encodeURIComponent(v) === v ? undefined : encodeURIComponent(v)]);
    // a rule knows some 140 secrets; searching for each in turn cost more than the rest of the
    // evidence together (and so did one alternation of them all as a RegExp). One pass over the
    // text, trying at each character only the secrets that start with it, answers "any secret
    // here?"; only text that holds one is replaced value by value (overlapping secrets longest first)
    if (!this.#holdsAny(input)) return input;
    let out = input;
    for (const [v, encoded] of this.#ordered) {
      if (out.includes(v)) out = out.split(v).join('[redacted]');
      if (encoded && out.includes(encoded)) out = out.split(encoded).join('[redacted]');
    }
    return out;
  }

  #holdsAny(input: string): boolean {
    if (this.#byFirst === undefined) {
      const byFirst: string[][] = [];
      for (const [v, encoded] of this.#ordered!) for (const form of encoded ? [v, encoded] : [v]) (byFirst[form.charCodeAt(0)] ??= []).push(form);
      this.#byFirst = byFirst;
    }
    const byFirst = this.#byFirst;
    for (let i = 0; i < input.length; i++) {
      const candidates = byFirst[input.charCodeAt(i)];
      if (candidates === undefined) continue;
      for (const c of candidates) if (input.startsWith(c, i)) return true;
    }
    return false;
  }

  /** Redacts a body: JSON bodies field by field (secret-named keys), XML elements named like secrets (SOAP SessionKey, Password), then known values. */
  body(input: string): string {
    if (input.trimStart().startsWith('<')) return this.text(maskXmlElements(input));
    try {
      const parsed: unknown = JSON.parse(input);
      return this.text(JSON.stringify(maskFields(parsed)));
    } catch {
      return this.text(input);
    }
  }

  header(name: string, value: string): string {
    return SECRET_KEY.test(name) || /^x-(hash|iv)$/i.test(name) ? '[redacted]' : this.text(value);
  }
}


function walk(value: unknown, key: string, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(value)) value.forEach((v) => walk(v, key, visit));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k, visit);
  else visit(key, value);
}

function maskFields(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => maskFields(v, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskFields(v, k)]));
  }
  return typeof value === 'string' && SECRET_KEY.test(key) && value !== '' ? '[redacted]' : value;
}

/** `<Password>…</Password>`, `<ns:SessionKey>…</ns:SessionKey>`: element content masked by the element's local name. */
function maskXmlElements(xml: string): string {
  return xml.replace(/<((?:[\w.-]+:)?([\w.-]+))(\s[^>]*)?>([^<]+)<\/\1>/g, (whole, qname: string, local: string, attrs: string | undefined, content: string) =>
    SECRET_KEY.test(local) && content.trim() !== '' ? `<${qname}${attrs ?? ''}>[redacted]</${qname}>` : whole,
  );
}
