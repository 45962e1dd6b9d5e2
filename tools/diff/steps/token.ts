import fc from 'fast-check';
import type { StepFamily } from './family.js';

/** Token requests (spec §4.1) as the primary account: the grant, its case, and a missing grant type. */
export type TokenOp = { kind: 'tokenCredentials' } | { kind: 'tokenGrantCase' } | { kind: 'tokenNoGrant' };

export const TOKEN: StepFamily<TokenOp> = {
  operations: { tokenCredentials: ['token.Token'], tokenGrantCase: ['token.Token'], tokenNoGrant: ['token.Token'] },
  steps: [
    [1, fc.constant({ kind: 'tokenCredentials' })],
    [1, fc.constant({ kind: 'tokenGrantCase' })],
    [1, fc.constant({ kind: 'tokenNoGrant' })],
  ],
  canonical: [{ kind: 'tokenCredentials' }, { kind: 'tokenGrantCase' }, { kind: 'tokenNoGrant' }],
  async run(s, op, step) {
    const token = s.clients.token;
    const a = s.account('sender');
    switch (op.kind) {
      case 'tokenCredentials':
        return s.observe(step, await token.clientCredentials(a));
      case 'tokenGrantCase':
        return s.observe(step, await token.token({ grant_type: 'Client_Credentials', client_id: a.username, client_secret: a.password }));
      case 'tokenNoGrant':
        return s.observe(step, await token.token({ client_id: a.username, client_secret: a.password }));
    }
  },
};
