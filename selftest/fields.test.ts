import fc from 'fast-check';
import PostalMime from 'postal-mime';
import { describe, expect, test } from 'vitest';
import { FIELD_MODELS } from '../contract/field-matrix.js';
import { fieldCells, fieldRules, type FieldKind } from '../contract/fields.js';
import { mimeAlternative, quotedPrintable } from '../generators/mime-message.js';
import { bodyText, displayText, identifierText } from '../generators/unicode-text.js';
import { shownAsSent, shownBlank } from '../harness/fields/compare.js';
import { SharedFixtures } from '../harness/shared.js';
import { garbled, shownValue } from '../reference/shown.js';

/**
 * The matrix `fields` (contract/fields.ts) and what its rules stand on: every field a write sends
 * is read somewhere unless no read can show it; no rule has more cells than a fault round can
 * take; the generated text is what the brief asks (astral characters, combining marks) and stays
 * clear of what a server may legitimately change; the MIME writes decode back; each fault's
 * garbling is caught, and the NFC reading is not.
 */
const cells = FIELD_MODELS.flatMap(fieldCells);
const astral = (s: string) => [...s].some((c) => c.codePointAt(0)! > 0xffff);
const combining = (s: string) => /\p{M}/u.test(s);

describe('the matrix fields', () => {
  test('every field a write sends is read back by some read, unless the field says why no read shows it', () => {
    const unread = FIELD_MODELS.flatMap((m) =>
      m.fields.flatMap((f) =>
        m.writes.filter((w) => !f.hidden && !w.unsent?.[f.name] && !cells.some((c) => c.model === m && c.field === f && c.write === w && c.status === 'enforced')).map((w) => `${m.id} ${f.name} by ${w.slug}`),
      ),
    );
    expect(unread).toEqual([]);
  });

  test('a rule has at most five cells (its faults fill at most the fault rounds the suite already runs)', () => {
    expect(FIELD_MODELS.flatMap(fieldRules).filter((r) => r.cells.length > 5).map((r) => r.id)).toEqual([]);
  });

  test('every enforced cell names the field the read shows it under', () => {
    expect(cells.filter((c) => c.status === 'enforced' && !c.read.shows[c.field.name]).map((c) => c.fault)).toEqual([]);
  });
});

describe('the text the round trips send', () => {
  test('display text holds a letter outside ASCII, an astral character and a combining mark; no white space around; NFKC changes nothing but canonical forms', () => {
    fc.assert(
      fc.property(fc.oneof(displayText('cfTAG'), bodyText('cfTAG')), (s) => {
        expect(/[^\x00-\x7f]/.test(s) && astral(s) && combining(s)).toBe(true);
        expect(s.trim()).toBe(s);
        expect(s.normalize('NFKC')).toBe(s.normalize('NFC'));
      }),
    );
  });

  test('identifiers carry no combining mark, and their case maps one to one', () => {
    fc.assert(
      fc.property(fc.oneof(identifierText('cfTAG'), identifierText('cfTAG', true)), (s) => {
        expect(combining(s) || s.normalize('NFC') !== s).toBe(false);
        expect(s.toUpperCase().toLowerCase()).toBe(s.toLowerCase());
        expect(s.toLowerCase().length).toBe(s.length);
      }),
    );
  });

  test('a quoted-printable line stays within 76 octets and escapes "="', () => {
    const qp = quotedPrintable(`${'é'.repeat(60)} 1 + 1 = 2 `);
    expect(qp.split('\r\n').every((line) => line.length <= 76)).toBe(true);
    expect(qp).toContain('=3D');
    expect(qp.endsWith('=20')).toBe(true);
  });

  test.each(['quoted-printable', 'base64'] as const)('a %s multipart/alternative message decodes back (postal-mime) to what was written', async (encoding) => {
    const subject = 'cfTAG Grüße 😀 e\u0301 — 日本語 q\u0307';
    const text = 'cfTAG Línea 🌍\nsecond = line '.concat('ж'.repeat(50));
    const html = '<p>cfTAG ñ 𩸽 a\u0308</p>';
    const mime = mimeAlternative({ from: { name: 'Zoë 😀', address: 'a@example.com' }, to: [{ name: 'Ωmega n\u0303', address: 'b@example.com' }], subject, text, html, encoding, boundary: 'b-1' });
    const email = await PostalMime.parse(mime);
    expect(email.subject).toBe(subject);
    expect(email.text?.replace(/\r\n/g, '\n').replace(/\n$/, '')).toBe(text);
    expect(email.html?.replace(/\r\n/g, '\n').replace(/\n$/, '')).toBe(html);
    expect(email.from).toMatchObject({ address: 'a@example.com', name: 'Zoë 😀' });
    expect(email.to?.[0]).toMatchObject({ address: 'b@example.com', name: 'Ωmega n\u0303' });
  });
});

describe('the faults and the readings of the reference', () => {
  const values: Array<[FieldKind, unknown]> = [
    ['text', 'cfTAG Zoë 😀 e\u0301'],
    ['body', 'cfTAG line\nñ 😀'],
    ['identifier', 'cftag.éñø'],
    ['identifier', 'cftag@example.com'],
    ['address', 'a@example.com'],
    ['addresses', ['a@example.com', 'b@example.com']],
    ['int', 1],
    ['int', 1001],
    ['boolean', true],
    ['boolean', false],
  ];

  test.each(values)('a %s shown garbled is caught; shown in NFC it is not', (kind, sent) => {
    expect(shownAsSent(kind, sent, garbled(sent))).toBe(false);
    const nfc = shownValue('nfc', () => false);
    expect(shownAsSent(kind, sent, nfc('read', 'write', 'field', sent))).toBe(true);
    const decomposed = typeof sent === 'string' ? sent.normalize('NFD') : sent;
    expect(shownAsSent(kind, sent, decomposed)).toBe(true);
  });

  test('a field sent blank and shown garbled is caught; blank, null or absent is not', () => {
    for (const kind of ['text', 'identifier', 'boolean'] as const) {
      const blank = kind === 'boolean' ? null : '';
      expect(shownBlank(kind, garbled(blank))).toBe(false);
      for (const shown of [undefined, null, kind === 'boolean' ? false : '']) expect(shownBlank(kind, shown)).toBe(true);
    }
  });

  test('a fault garbles only the cell it names', () => {
    const shown = shownValue('as-stored', (read, origin, field) => read === 'R' && origin === 'W' && field === 'F');
    expect(shown('R', 'W', 'F', 'é')).not.toBe('é');
    expect([shown('R', 'W', 'G', 'é'), shown('R', 'V', 'F', 'é'), shown('S', 'W', 'F', 'é'), shown('R', undefined, 'F', 'é')]).toEqual(['é', 'é', 'é', 'é']);
  });
});

describe('shared fixtures', () => {
  test('are made once, and removed after whatever used them, the others all at once', async () => {
    const shared = new SharedFixtures();
    const events: string[] = [];
    // each removal takes a turn of the timers: one that waited for another starts after it ended
    const closing = (key: string) => async () => {
      events.push(`${key} starts`);
      await new Promise((r) => setTimeout(r, 5));
      events.push(`${key} ends`);
    };
    let made = 0;
    const inner = (by?: string) => shared.once('inner', () => ({ value: Promise.resolve(++made), maker: 'inner', close: closing('inner') }), by);
    const outer = shared.once('outer', () => ({ value: inner('outer').value.then((n) => n + 10), maker: 'outer', close: closing('outer') }));
    const apart = shared.once('apart', () => ({ value: Promise.resolve(0), maker: 'apart', close: closing('apart') }));
    expect(outer.first).toBe(true);
    expect(await outer.value).toBe(11);
    expect(await inner().value).toBe(1);
    await apart.value;
    expect(shared.once('outer', () => ({ value: Promise.resolve(0), maker: 'again', close: async () => undefined })).maker).toBe('outer');
    expect(await shared.close()).toEqual([]);
    // the one that used another goes first; the one nothing used goes beside them
    expect(events.indexOf('inner starts')).toBeGreaterThan(events.indexOf('outer ends'));
    expect(events.indexOf('apart starts')).toBeLessThan(events.indexOf('outer ends'));
  });

  test('a removal that fails is told, and what the failed one used is removed after it all the same', async () => {
    const shared = new SharedFixtures();
    const closed: string[] = [];
    shared.once('session', () => ({ value: Promise.resolve(1), maker: 'session', close: async () => void closed.push('session') }));
    shared.once('message', () => ({ value: Promise.resolve(2), maker: 'message', close: async () => { throw new Error('HTTP 500'); } }));
    shared.once('session', () => ({ value: Promise.resolve(0), maker: 'x', close: async () => undefined }), 'message');
    expect(await shared.close()).toEqual(['message: HTTP 500']);
    expect(closed).toEqual(['session']);
  });

  test("started before any rule asks (a wait on the target's clock), one is made once and still the first asking rule's to count", async () => {
    const shared = new SharedFixtures();
    let made = 0;
    const make = () => ({ value: Promise.resolve(++made), maker: 'early', close: async () => undefined });
    shared.start('clock', make);
    shared.start('clock', make);
    const asked = shared.once('clock', make);
    expect([asked.first, await asked.value, made]).toEqual([true, 1, 1]);
    expect(shared.once('clock', make).first).toBe(false);
    expect(await shared.close()).toEqual([]);
  });
});
