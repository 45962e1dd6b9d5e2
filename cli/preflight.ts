import { request } from 'undici';
import type { Profile } from '../contract/profile.js';
import { describeTransport, transportCode } from '../harness/transport/failures.js';

/**
 * One request before the run: any HTTP answer means the target is reachable. An unreachable
 * target is one sentence and a non-zero exit, not a run of hundreds of broken tests.
 */
export async function probe(profile: Profile, timeoutMs = 5_000): Promise<string | undefined> {
  const url = profile.urls.token ?? profile.baseUrl;
  try {
    const res = await request(url, { method: 'GET', headersTimeout: timeoutMs, bodyTimeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    await res.body.dump();
    return undefined;
  } catch (e) {
    return `The target ${url} is unreachable: ${describeTransport(transportCode(e), timeoutMs)}. Check --target / SMS_TARGET, or start the server.`;
  }
}
