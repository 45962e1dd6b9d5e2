import { keyOf } from '../../harness/clients/admin.js';
import { check, expectRefused } from '../../harness/expect.js';
import { adminCredentialsOf, adminSession, givenAccount, keyOrThrow, newAccountModel } from '../../harness/fixtures/admin.js';
import { adminCredentials, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import type { SpecRef } from '../../contract/spec/index.js';

/** spec §4.2 Get a session key, §5 rule 5; vendor-wire §3.1 (B3): the encrypted LoginModel. */
const base = { interface: 'admin' as const, level: 'must' as const, operation: 'admin.GetSessionKey' as const, needs: [iface('admin'), adminCredentials] };

const ENCRYPTED: SpecRef = { anchor: '§4.2/get-session-key', quote: 'LoginModel, sent as an encrypted payload' };
const PAYLOAD: SpecRef = { anchor: '§5/payload-call-encrypted', quote: 'The payload of that call is encrypted.' };
/** a refusal is any 4xx (clarification A6) */
const REFUSAL: SpecRef = { anchor: '§7.2/errors-administration-directory-interfaces-not', quote: 'Errors of the administration and directory interfaces: not shown.', silence: 'admin-errors' };

rule(
  {
    ...base,
    id: 'admin.session-key.issued',
    spec: [
      { anchor: '§4.2/get-session-key', quote: 'session key (string)' },
      ENCRYPTED,
      PAYLOAD,
      // the key's answer is a JSON string, plain text or the one string field of an object (A2)
      { anchor: '§4.2/get-session-key', quote: 'session key (string)', silence: 'admin-key-answer' },
    ],
    title: 'Get a session key answers a session key (a non-empty string) for the administrator named in an encrypted LoginModel',
  },
  async (t) => {
    const { email } = adminCredentialsOf(t);
    const res = await t.admin.sessionKey({ Email: email });
    check(keyOf(res) !== undefined, `${res.label}: expected a 2xx whose body is the session key (a non-empty string); got HTTP ${res.status} ${res.shown || '(empty)'}.`);
  },
);

rule(
  {
    ...base,
    id: 'admin.session-key.identity-fields',
    operation: ['admin.GetSessionKey', 'messaging-rest.GetAccountDetails'],
    spec: [
      { anchor: '§2.2/IdentityModel', quote: 'Email (string), SingleSignOnId (string), UserId (string). Used to identify a user.' },
      { anchor: '§2.2/LoginModel', quote: 'Identity (IdentityModel)' },
      { anchor: '§4.2/get-session-key', quote: "also enables sign-on without sending the user's password" },
    ],
    title: 'the LoginModel identity may name the user by Email, by UserId or by SingleSignOnId alone, and the key is that user’s',
    needs: [...base.needs, iface('messaging-rest')],
  },
  async (t) => {
    const admin = await adminSession(t);
    const model = newAccountModel(t, { SingleSignOnId: `${t.prefix}-sso`.toLowerCase() });
    await givenAccount(t, admin, model);
    const problems: string[] = [];
    for (const identity of [{ Email: model.Email }, { UserId: model.UserId }, { SingleSignOnId: model.SingleSignOnId as string }]) {
      const field = Object.keys(identity)[0];
      const res = await t.admin.sessionKey(identity);
      const key = keyOf(res);
      if (!key) {
        problems.push(`by ${field}: HTTP ${res.status} ${res.shown || '(empty)'}`);
        continue;
      }
      // spec §4.2: the key is valid on messaging; whose it is shows in Get your account details
      const details = await t.rest.details({ sessionKey: key });
      const email = (details.json as { EmailAddress?: unknown } | undefined)?.EmailAddress;
      if (details.status !== 200 || typeof email !== 'string' || email.toLowerCase() !== model.Email.toLowerCase()) {
        problems.push(`by ${field}: the key's account details answered HTTP ${details.status} ${details.shown}, not the account ${model.Email}`);
      }
    }
    check(problems.length === 0, `Get a session key must issue the named user's key for each identity field; ${problems.join('; ')}.`);
  },
);

rule(
  { ...base, id: 'admin.session-key.tampered-refused', spec: [ENCRYPTED, PAYLOAD, REFUSAL], title: 'a LoginModel whose ciphertext was altered is refused (4xx), whatever the clear identity headers say' },
  async (t) => {
    const { email } = adminCredentialsOf(t);
    expectRefused(await t.admin.sessionKey({ Email: email }, { tamper: 'ciphertext' }), 'the encrypted payload was altered');
  },
);

rule(
  { ...base, id: 'admin.session-key.wrong-key-refused', spec: [ENCRYPTED, PAYLOAD, REFUSAL], title: 'a LoginModel sealed with a key other than the company’s EncryptionKey is refused (4xx)' },
  async (t) => {
    const { email } = adminCredentialsOf(t);
    expectRefused(await t.admin.sessionKey({ Email: email }, { encryptionKey: t.wrong('encryptionKey', { kind: 'key' }) }), 'the payload was encrypted with another key');
  },
);

rule(
  { ...base, id: 'admin.session-key.wrong-hash-refused', spec: [ENCRYPTED, PAYLOAD, REFUSAL], title: 'a LoginModel whose X-Hash is not the HMAC-SHA512 of its plaintext is refused (4xx)' },
  async (t) => {
    const { email } = adminCredentialsOf(t);
    expectRefused(await t.admin.sessionKey({ Email: email }, { tamper: 'hash' }), 'X-Hash does not match the payload');
  },
);

rule(
  {
    ...base,
    id: 'admin.session-key.unknown-automation-id-refused',
    spec: [
      { anchor: '§5/administration-client-configured-base-address', quote: 'configured with a base address and two company-level credential strings' },
      PAYLOAD,
      { anchor: '§5/administration-client-configured-base-address', quote: 'their names and roles: not shown.', silence: 'automation-id-scope' },
      REFUSAL,
    ],
    title: 'a LoginModel sent with an AutomationId the target does not know is refused (4xx), even when the key is right',
  },
  async (t) => {
    const { email } = adminCredentialsOf(t);
    const res = await t.admin.sessionKey({ Email: email }, { automationId: `${t.prefix}-no-such-automation-id` });
    expectRefused(res, 'X-Company-Automation-Id names no company');
  },
);

rule(
  {
    ...base,
    id: 'admin.session-key.stale-timestamp-refused',
    spec: [
      ENCRYPTED,
      { anchor: '§2.2/LoginModel', quote: 'TimeStamp (datetime)' },
      // the TimeStamp's form and window are the binding's (A5, B3)
      { anchor: '§2.2/LoginModel', quote: 'TimeStamp (datetime)', silence: 'login-timestamp-format' },
      REFUSAL,
    ],
    title: 'a LoginModel whose TimeStamp is an hour before or after the server’s time is refused (4xx; B3 window ±5 s)',
  },
  async (t) => {
    const { email } = adminCredentialsOf(t);
    // B3 / vendor-wire §3.1 give ±5 s; an hour off is outside every window a server could defend (A5)
    for (const offset of [-3_600_000, 3_600_000]) {
      const res = await t.admin.sessionKey({ Email: email }, { timeStamp: new Date(Date.now() + offset) });
      expectRefused(res, `the TimeStamp is ${offset / 60_000} minutes off (B3, vendor-wire §3.1: ±5 s)`);
    }
  },
);

rule(
  {
    ...base,
    id: 'admin.session-key.unknown-identity-refused',
    spec: [{ anchor: '§2.2/IdentityModel', quote: 'Used to identify a user.' }, ENCRYPTED, REFUSAL],
    title: 'a LoginModel whose identity names no user of the company (nobody, or another company’s user) is refused (4xx)',
  },
  async (t) => {
    expectRefused(await t.admin.sessionKey({ Email: `${t.prefix}-nobody@conformance.example.com`.toLowerCase() }), 'the e-mail address is no user’s');
    const outsider = t.profile.accounts.outsider;
    if (outsider) expectRefused(await t.admin.sessionKey({ Email: outsider.email }), 'the user belongs to another company');
  },
);

rule(
  {
    ...base,
    id: 'admin.session-key.valid-on-messaging',
    operation: ['admin.GetSessionKey', 'messaging-rest.GetAccountDetails'],
    spec: [{ anchor: '§4.2/session-key-obtained-here-valid', quote: 'The session key obtained here is valid for every interface that uses session keys, not only the administration interface.' }],
    title: 'an administration session key is valid on the messaging interface: Get your account details answers the administrator’s account',
    needs: [...base.needs, iface('messaging-rest')],
  },
  async (t) => {
    const { email } = adminCredentialsOf(t);
    const key = await t.given('get an administration session key', async () => keyOrThrow(await t.admin.sessionKey({ Email: email }), 'a session key'));
    const details = await t.rest.details({ sessionKey: key });
    const shown = (details.json as { EmailAddress?: unknown } | undefined)?.EmailAddress;
    check(
      details.status === 200 && typeof shown === 'string' && shown.toLowerCase() === email.toLowerCase(),
      `${details.label} with the administration key: expected HTTP 200 with the administrator's account (spec §4.2: 'valid for every interface that uses session keys'); got HTTP ${details.status} ${details.shown}.`,
    );
  },
);
