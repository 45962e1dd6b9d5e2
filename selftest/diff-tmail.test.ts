import { describe, expect, test } from 'vitest';
import { ALL_AXES } from '../reference/axes/all.js';
import { checkAxis } from '../tools/diff/axis-check.js';

/**
 * `diff` names the axes the token-more, mailbox-more, lenient and soap-more step families reach
 * (tools/diff/steps/): one cheap axis per family. `npm run diff-axes`
 * checks every one of them.
 */

const axis = (id: string) => ALL_AXES.find((a) => a.id === id)!;

describe('diff names an axis of each added step family', () => {
  for (const [id, value] of [
    ['token.auth-scheme', 'Token'],
    ['mail.change-password-user', 'UserIdOrEmail'],
    ['common.numeric-strings', 'numeric-strings'],
    ['soap.fault-code', 'server'],
  ] as const) {
    test(`${id}=${value}`, async () => {
      const r = await checkAxis(axis(id), value, { seed: 20261124, runs: 5 });
      expect(r.named, r.said).toBe(true);
      expect(r.length).toBeLessThanOrEqual(3);
    }, 60_000);
  }
});
