import { OperationAbsent } from './outcomes.js';

/**
 * For a rule that ranges over operations ("every administration operation is refused without a
 * key"): runs each call, leaving out those the profile says the target does not offer (the
 * harness's gate ends them with OperationAbsent before a request leaves). The rule
 * then judges the operations that were sent; if none was, it is not applicable for the reason
 * of the last one left out. Rules never decide offered-ness themselves.
 */
export async function eachOffered<T>(calls: ReadonlyArray<readonly [string, () => Promise<T>]>): Promise<Array<[string, T]>> {
  const done: Array<[string, T]> = [];
  let absent: OperationAbsent | undefined;
  for (const [name, call] of calls) {
    try {
      done.push([name, await call()]);
    } catch (e) {
      if (!(e instanceof OperationAbsent)) throw e;
      absent = e;
    }
  }
  if (done.length === 0 && absent) throw absent;
  return done;
}
