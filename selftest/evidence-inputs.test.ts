import { describe, expect, test } from 'vitest';
import { madeUpWrong } from '../generators/wrong-value.js';
import { curlOf, renderExchange } from '../harness/evidence.js';
import type { Exchange } from '../harness/http.js';
import { Redactor } from '../harness/redact.js';
import { profileCredentials } from '../harness/secret-labels.js';

/**
 * Evidence shows every input that decides a verdict: secrets are hidden by
 * value, by placeholders that name them; made-up wrong values are shown and marked; each exchange
 * names its actor; a curl line replays the request as shown once the secrets it names are set.
 */

const PROFILE = {
  accounts: {
    primary: { username: 'prim', email: 'prim@x.test', password: "Pw-it's \"q\" $HOME `x` \\ ü" },
    lockable: [{ username: 'lock0@x.test', email: 'lock0@x.test', password: 'Pw-lock-0000' }],
  },
  admin: { automationId: 'auto-1', encryptionKey: 'S2V5LW9mLXRoZS1jb21wYW55', email: 'adm@x.test' },
};

function redactor(): Redactor {
  const c = profileCredentials(PROFILE);
  return new Redactor(c.secrets, c.identifiers);
}

const exchange = (x: Partial<Exchange>): Exchange => ({ method: 'POST', url: 'http://t.test/Token', requestHeaders: {}, status: 200, responseHeaders: {}, responseBody: '', ms: 1, ...x });

/** POSIX shell words, as sh reads them: '…' literal, "…" with $VAR expanded, \\x outside quotes, juxtaposed parts joined. */
function shellWords(line: string, env: Record<string, string>): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ') i++;
    if (i >= line.length) break;
    let word = '';
    while (i < line.length && line[i] !== ' ') {
      const c = line[i]!;
      if (c === "'") {
        const end = line.indexOf("'", i + 1);
        word += line.slice(i + 1, end);
        i = end + 1;
      } else if (c === '"') {
        i++;
        while (line[i] !== '"') {
          if (line[i] === '$') {
            const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(line.slice(i + 1))![0];
            if (!(name in env)) throw new Error(`unset variable ${name}`);
            word += env[name];
            i += 1 + name.length;
          } else if (line[i] === '\\' && '$`"\\'.includes(line[i + 1]!)) {
            word += line[i + 1];
            i += 2;
          } else word += line[i++];
        }
        i++;
      } else if (c === '\\') {
        word += line[i + 1];
        i += 2;
      } else if ('$`;|&<>()'.includes(c)) throw new Error(`unquoted ${c} at ${i}: ${line}`);
      else word += line[i++];
    }
    words.push(word);
  }
  return words;
}

/** The request a curl line sends: method, URL, headers, body. */
function requestOf(line: string, env: Record<string, string>) {
  const argv = shellWords(line, env);
  expect(argv.slice(0, 3)).toEqual(['curl', '-sS', '-i']);
  const out = { method: '', url: '', headers: {} as Record<string, string>, body: undefined as string | undefined };
  for (let i = 3; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-X') out.method = argv[++i]!;
    else if (a === '-H') {
      const h = argv[++i]!;
      out.headers[h.slice(0, h.indexOf(':'))] = h.slice(h.indexOf(':') + 2);
    } else if (a === '--data-raw') out.body = argv[++i];
    else out.url = a;
  }
  return out;
}

describe('evidence shows the inputs', () => {
  test('a made-up wrong value is shown in clear and marked; the right secret beside it is a placeholder that names it', () => {
    const r = redactor();
    const wrong = r.deliberate(madeUpWrong(), 'client_secret');
    expect(wrong).toMatch(/^wrong-[0-9a-f]{8}$/);
    const body = JSON.stringify({ grant_type: 'client_credentials', client_id: 'lock0@x.test', client_secret: wrong });
    r.learnFromRequest({}, body); // a deliberate value is never learnt, even from a secret-named field
    const x = exchange({ requestBody: body, actor: r.actorOf({}, 'http://t.test/Token', body) });
    expect(x.actor).toBe('lockable[0]');
    const shown = renderExchange(x, r);
    expect(shown).toContain(`# client_secret: "${wrong}" (deliberately wrong)`);
    expect(shown).toContain('# actor: lockable[0]');
    expect(shown).toContain(`"client_secret":"${wrong}"`);
    const right = renderExchange(exchange({ requestBody: JSON.stringify({ client_id: 'lock0@x.test', client_secret: 'Pw-lock-0000' }) }), r);
    expect(right).toContain('"client_secret":"[redacted: password of lockable[0]]"');
    expect(right).not.toContain('Pw-lock-0000');
  });

  test('secrets are hidden by value in every form the sweep knows (URL-encoded, JSON-escaped, base64), never by a field name', () => {
    const r = redactor();
    const pw = PROFILE.accounts.primary.password;
    const text = `q=${encodeURIComponent(pw)} j=${JSON.stringify(pw)} b=${Buffer.from(pw).toString('base64')} p=${pw}`;
    const shown = r.text(text);
    for (const form of [pw, encodeURIComponent(pw), JSON.stringify(pw).slice(1, -1), Buffer.from(pw).toString('base64')]) expect(shown).not.toContain(form);
    expect(shown).toContain('[redacted: password of primary, base64]');
    // an IV or an HMAC is no secret: shown in the header as in the body
    expect(r.header('x-iv', 'AAECAwQFBgcICQoLDA0ODw==')).toBe('AAECAwQFBgcICQoLDA0ODw==');
    // a secret-named field that holds no known secret hides nothing
    expect(r.body('{"Password":""}')).toBe('{"Password":""}');
  });

  test('a secret an answer hands out belongs to the actor of the request that got it', () => {
    const r = redactor();
    const logon = JSON.stringify({ UserIdOrEmail: 'prim', Password: PROFILE.accounts.primary.password });
    const actor = r.actorOf({}, 'http://t.test/Account/Logon', logon);
    expect(actor).toBe('primary');
    r.learnFrom({ SessionKey: '0123456789ABCDEF' }, actor, 'the answer to POST /Account/Logon');
    expect(r.actorOf({ 'x-session-key': '0123456789ABCDEF' }, 'http://t.test/Folder/List')).toBe('primary');
    expect(r.actorOf({}, 'http://t.test/Token', '{"grant_type":"refresh_token"}')).toBe('anonymous');
    expect(r.text('key 0123456789ABCDEF')).toBe('key [redacted: SessionKey of primary]');
    // an identifier inside a longer one names nobody: the longer one's owner made the call
    const two = new Redactor([], [{ value: 'lockable1', owner: 'lockable[0]' }, { value: 'mlockable1', owner: 'messaging.lockableAccounts[0]' }]);
    expect(two.actorOf({}, 'http://t.test/Account/Logon', '{"UserIdOrEmail":"mlockable1","Password":"wrong-00000000"}')).toBe('messaging.lockableAccounts[0]');
  });

  test('a curl line parses back to the same request once the secrets it names are set: method, URL, headers and body', () => {
    const r = redactor();
    const pw = PROFILE.accounts.primary.password;
    r.learnFrom({ access_token: 'tok-A1b2C3d4' }, 'primary');
    const wrong = r.deliberate(madeUpWrong(), 'refresh_token');
    const x = exchange({
      method: 'PUT',
      url: `http://t.test/a/b?q=it's&k=${encodeURIComponent(pw)}`,
      requestHeaders: { authorization: 'Bearer tok-A1b2C3d4', 'x-note': `a 'quoted' "value" $PATH`, 'content-length': '99' },
      requestBody: `{"Password":${JSON.stringify(pw)},"refresh_token":"${wrong}","text":"line1\\nline2 'single' \`tick\` $(rm -rf /)"}\n`,
    });
    const { line, variables } = curlOf(x, r);
    expect(line).not.toContain(pw);
    expect(line).not.toContain('tok-A1b2C3d4');
    expect(line).toContain(wrong);
    const env: Record<string, string> = {};
    for (const v of variables) {
      const secret = v.words.startsWith('password of primary') ? pw : 'tok-A1b2C3d4';
      env[v.name] = v.form === 'URL-encoded' ? encodeURIComponent(secret) : v.form === 'JSON-escaped' ? JSON.stringify(secret).slice(1, -1) : secret;
    }
    expect(Object.keys(env).sort()).toEqual(['SMS_PRIMARY_ACCESS_TOKEN', 'SMS_PRIMARY_PASSWORD_JSON', 'SMS_PRIMARY_PASSWORD_URLENCODED']);
    const back = requestOf(line, env);
    const { 'content-length': _dropped, ...sent } = x.requestHeaders;
    expect(back).toEqual({ method: x.method, url: x.url, headers: sent, body: x.requestBody });
    // and the rendered exchange lists what to set, with where each value comes from
    expect(renderExchange(x, r)).toMatch(/#   SMS_PRIMARY_PASSWORD_URLENCODED: the password of primary, URL-encoded \(profile accounts\.primary\.password\)/);
  });
});
