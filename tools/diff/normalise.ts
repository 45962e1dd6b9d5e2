/**
 * What the spec leaves to the server is taken out of an answer before two targets' answers are
 * compared: ids (spec §2 'ids are ints', their values unstated), times,
 * session keys, tokens and passwords (secrets, never shown), and the accounts and run names
 * each target has of its own. Every other difference is the targets' own, and is kept: the
 * form of a time (date-format), of an id (number or string), of an error body, the field names,
 * the order of a list.
 *
 * Ids become names by what they are: a message `#m1`, `#m2`, … in the order the sequence sent
 * them, a custom folder `#f1`, … in creation order, a system folder `#<its name>`. A listing is
 * cut down to what the sequence itself made (other runs' mail is no answer of this sequence).
 */
type IdKind = 'm' | 'f';

/** Which kind of id a member name holds, if any: a message's, a folder's, or another (`o`). */
function idKindOf(key: string): IdKind | 'o' | undefined {
  if (!/(^|[a-z])(Id|ID|Mid|MID|Fid|FID|Uid|UID)$|^(id|mid|fid|uid)$/.test(key)) return undefined;
  if (/Status/.test(key)) return undefined;
  if (/Folder|FID|Fid|^fid$/.test(key)) return 'f';
  if (/Message|MID|Mid|^mid$/.test(key)) return 'm';
  return 'o';
}

/** XML elements (plain or escaped inside a SOAP result) whose text is an id. */
const XML_ID = /(<|&lt;)([A-Za-z]*(?:Id|ID|MID|FID))(>|&gt;)(\d+)(<|&lt;)/g;

export class Normaliser {
  /** kind + id (as text) → placeholder */
  readonly #ids = new Map<string, string>();
  readonly #words: Array<[string, string]> = [];

  /** A secret (key, token, password) or another target-chosen word, replaced wherever it shows. */
  word(value: string | undefined, as: string): void {
    if (value && value.length >= 3 && !this.#words.some(([w]) => w === value)) {
      this.#words.push([value, as]);
      // longest first, so a word inside another is not replaced first
      this.#words.sort((a, b) => b[0].length - a[0].length);
    }
  }

  id(value: number | string, as: string, kind: IdKind): void {
    this.#ids.set(`${kind}${String(value)}`, as);
  }

  /** The placeholder of a known id, if it is one (of that kind, or of either). */
  known(value: unknown, kind?: IdKind | 'o'): string | undefined {
    if (typeof value !== 'number' && typeof value !== 'string') return undefined;
    const v = String(value).trim();
    if (kind === 'm' || kind === 'f') return this.#ids.get(`${kind}${v}`);
    return this.#ids.get(`m${v}`) ?? this.#ids.get(`f${v}`);
  }

  text(s: string): string {
    let out = s;
    for (const [w, as] of this.#words) out = out.split(w).join(as);
    out = out.replace(XML_ID, (all, open: string, name: string, close: string, n: string, end: string) => {
      const kind = idKindOf(name);
      return kind ? `${open}${name}${close}${(kind !== 'o' && this.known(n, kind)) || '#?'}${end}` : all;
    });
    // an id the sequence knows, quoted in a text ('message 1234 …'); XML ids are done above, and
    // another XML element's number (a status, a type) is no id, whatever id it happens to equal,
    // nor is the number in a name the sequence gave (`<run> 2`)
    out = out.replace(/(?<![\w.#:/;>-])(?<!<run> )\d+(?![\w.:/-])/g, (n) => this.known(n) ?? n);
    return out
      // the time is the server's; whether it names its zone is the form (soap.inner-date-format xsd-local)
      .replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, (_all, _s, _f, zone: string | undefined) => (zone ? '<iso-time>' : '<local-iso-time>'))
      .replace(/\b\d{1,2}\/\d{1,2}\/\d{4}( \d{1,2}:\d{2}(:\d{2})?( ?[AP]M)?)?/g, '<display-time>')
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<guid>')
      .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
      .replace(/\b[0-9A-Fa-f]{32,}\b/g, '<hex>');
  }

  /** A parsed JSON answer, normalised; `key` is the member name it stands under. */
  value(v: unknown, key = ''): unknown {
    const kind = idKindOf(key);
    if (typeof v === 'number') return kind ? ((kind !== 'o' && this.known(v, kind)) || '#?') : v;
    if (typeof v === 'string') {
      // an id sent as a string stays a string: the form is the server's reading (e.g. send-mime-id)
      if (kind && /^\s*\d+\s*$/.test(v)) return `'${(kind !== 'o' && this.known(v, kind)) || '#?'}'`;
      if (/token$/i.test(key) && v.length > 8) return '<token>';
      return this.text(v);
    }
    if (Array.isArray(v)) {
      // a list of ids (`MessageIds`) holds ids of the kind its singular names
      const items = v.map((x) => this.value(x, /[a-z](Ids|IDs)$/.test(key) && typeof x !== 'object' ? key.slice(0, -1) : key));
      // a listing shows only what this sequence made (and the system folders)
      return items.filter((_, i) => !this.#foreign(v[i], key));
    }
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.value(x, k)]));
    return v;
  }

  /** An item of a listing that is a message or folder id, or holds one, and none of this sequence's. */
  #foreign(raw: unknown, key: string): boolean {
    if (typeof raw === 'number') return /Ids$|IDs$/.test(key) && !this.known(raw);
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return false;
    const ids = Object.entries(raw).filter(([k, x]) => {
      const kind = idKindOf(k);
      return (kind === 'm' || kind === 'f') && /^\d+$/.test(String(x));
    });
    return ids.length > 0 && !ids.some(([k, x]) => this.known(x, idKindOf(k)));
  }
}
