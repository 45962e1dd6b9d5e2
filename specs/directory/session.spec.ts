import { randomBytes } from 'node:crypto';
import { expectRefused, expectSuccess } from '../../harness/expect.js';
import { adminSession } from '../../harness/fixtures/admin.js';
import { messagingKey, searchOk, someQuery } from '../../harness/fixtures/directory.js';
import { account, adminCredentials, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';
import type { SpecRef } from '../../contract/spec/index.js';

/**
 * spec §4.6: the directory 'has no session-key operation of its own. Any session key from the
 * administration or messaging interface is used.' Each refusal is contrasted with the same
 * search under a live key, so a directory that refuses everything cannot pass it.
 */
const base = { interface: 'directory', operation: 'directory.Search', level: 'must' } as const;

const ANY_KEY: SpecRef = { anchor: '§4.6/any-session-key-administration-messaging', quote: 'Any session key from the administration or messaging interface is used.' };
const NO_KEY_OF_ITS_OWN: SpecRef = { anchor: '§4.6/healthcare-provider-directory-interface-has', quote: 'has no session-key operation of its own' };
/** a refused key is any 4xx, in any envelope (clarification D3) */
const REFUSAL: SpecRef = { anchor: '§7.2/errors-administration-directory-interfaces-not', quote: 'Errors of the administration and directory interfaces: not shown.', silence: 'directory-errors' };
const needs = [iface('directory'), iface('messaging-rest'), account('primary')];

rule(
  { ...base, id: 'directory.session.messaging-key', spec: [ANY_KEY, NO_KEY_OF_ITS_OWN], title: 'a session key from messaging Log on opens the directory: the search is answered', needs },
  async (t) => {
    const key = await t.given('log on to the messaging interface', () => messagingKey(t));
    await searchOk(t, key, someQuery(t), 'a search with a messaging session key');
  },
);

rule(
  {
    ...base,
    id: 'directory.session.admin-key',
    spec: [
      ANY_KEY,
      { anchor: '§4.2/session-key-obtained-here-valid', quote: 'The session key obtained here is valid for every interface that uses session keys' },
    ],
    title: 'a session key from administration Get a session key opens the directory: the search is answered',
    needs: [iface('directory'), iface('admin'), adminCredentials],
  },
  async (t) => {
    const key = await adminSession(t);
    await searchOk(t, { sessionKey: key }, someQuery(t), 'a search with an administration session key');
  },
);

rule(
  { ...base, id: 'directory.session.no-key', spec: [NO_KEY_OF_ITS_OWN, ANY_KEY, REFUSAL], title: 'a search without a session key is refused (4xx), while the same search with a key is answered', needs },
  async (t) => {
    const key = await t.given('log on to the messaging interface', () => messagingKey(t));
    const query = someQuery(t);
    await t.given('the search is answered with a key', async () => expectSuccess(await t.clients.directory.search(key, query), 'search with a key'));
    expectRefused(await t.clients.directory.search('none', query), 'spec §4.6: the directory is used with a session key');
  },
);

rule(
  { ...base, id: 'directory.session.unknown-key', spec: [ANY_KEY, REFUSAL], title: 'a search with a session key that no interface issued is refused (4xx)', needs },
  async (t) => {
    const key = await t.given('log on to the messaging interface', () => messagingKey(t));
    const query = someQuery(t);
    await t.given('the search is answered with a key', async () => expectSuccess(await t.clients.directory.search(key, query), 'search with a key'));
    const madeUp = randomBytes(16).toString('hex').toUpperCase();
    expectRefused(await t.clients.directory.search({ sessionKey: madeUp }, query), 'spec §4.6: only a key from administration or messaging is used');
  },
);

rule(
  {
    ...base,
    id: 'directory.session.logged-out-key',
    spec: [
      { anchor: '§4.3/log-out', quote: 'Invalidates the session key; later calls with it are invalid.' },
      { anchor: '§5/logout-invalidates-key', quote: 'Logout invalidates the key.' },
      ANY_KEY,
      REFUSAL,
    ],
    title: 'a session key ended by messaging Log out no longer opens the directory (later calls with it are invalid)',
    needs,
  },
  async (t) => {
    const key = await t.given('log on to the messaging interface', () => messagingKey(t));
    const query = someQuery(t);
    await t.given('the search is answered with the key', async () => expectSuccess(await t.clients.directory.search(key, query), 'search with the key'));
    await t.given('log out', async () => {
      expectSuccess(await t.rest.logout(key), 'Log out');
      t.removed.add(key);
    });
    expectRefused(await t.clients.directory.search(key, query), 'spec §4.3 Log out: later calls with the key are invalid');
  },
);
