/**
 * Runs checks that do not depend on each other at once, so their round trips overlap (a rule's
 * chain is its longest check, not their sum). A failure is the first failing check in the list's
 * order, not the first to finish, so a rerun with the same seed reports the same one.
 */
export async function together<T>(items: Iterable<T>, check: (item: T) => Promise<unknown>): Promise<void> {
  const settled = await Promise.allSettled([...items].map((item) => check(item)));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
}
