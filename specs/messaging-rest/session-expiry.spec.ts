import { MESSAGING_ERROR_TEXTS as TEXT } from '../../contract/messaging-errors.js';
import { expectDocumentedError } from '../../harness/expect.js';
import { eventually } from '../../harness/eventually.js';
import { iface, shortSession } from '../../harness/needs.js';
import { shortSessionKey } from '../../harness/fixtures/short-session.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §7.2 and §8: the session key's expiry. A file of its own, the one the run starts last
 * (run/bundles.ts LAST): its rule waits out the key's lifetime, which starts with the worker's
 * first rule, so by then it has passed, and the wait holds up nothing else.
 */
const base = { interface: 'messaging-rest', level: 'must' } as const;
/** clock resolution and the time a request takes, beyond the declared lifetime */
const LIFETIME_SLACK_MS = 1_000;

rule(
  {
    ...base,
    id: 'messaging-rest.session.expired-key',
    spec: [
      { anchor: '§7.2/sessionkey-expired', quote: 'SessionKey Expired | The session key has expired' },
      { anchor: '§8/maximum-page-size-session-key', quote: 'session key lifetime: not shown', silence: 'session-key-lifetime' },
    ],
    operation: 'messaging-rest.GetAccountDetails',
    title: 'a session key past its lifetime is refused with "SessionKey Expired"',
    needs: [iface('messaging-rest'), shortSession],
  },
  async (t) => {
    const { lifetimeSeconds } = t.profile.messaging.shortSession!;
    // logged on and used once when the worker's first rule started: the lifetime has mostly passed by now
    const { auth, usedAt } = await shortSessionKey(t);
    // spec §8 leaves the lifetime open: it may run from log on or slide with each use (clarification
    // M14), so the key is not used while waiting; the lifetime is counted from its last use
    const lapse = lifetimeSeconds * 1000 + LIFETIME_SLACK_MS;
    await eventually(
      `${lifetimeSeconds} s (messaging.shortSession.lifetimeSeconds) to pass since the key's last use`,
      async () => (Date.now() - usedAt >= lapse ? true : undefined),
      { timeoutMs: lapse + 5_000, intervalMs: 250 },
    );
    const refused = await t.rest.details(auth);
    expectDocumentedError(refused, TEXT.sessionExpired);
  },
);
