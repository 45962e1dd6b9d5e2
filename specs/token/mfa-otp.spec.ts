import { REQUIRED_FIELDS } from '../../contract/token.js';
import { expectTokenError } from '../../harness/expect.js';
import { authenticatorSignIn, otpGrant } from '../../harness/fixtures/mfa.js';
import { account, iface } from '../../harness/needs.js';
import { property } from '../../harness/property.js';
import { rule } from '../../harness/rule.js';
import { omitFields } from '../../generators/token-request.js';

const base = { interface: 'token', operation: 'token.Token', level: 'must' } as const;

rule(
  {
    ...base,
    id: 'token.mfa-otp.unknown-method',
    spec: [
      { anchor: '§2.1/mfa_method', quote: 'Either Email or Auth' },
      { anchor: '§7.1/InvalidRequest', quote: 'The request is invalid' },
    ],
    title: 'mfa_otp with an mfa_method other than Email or Auth is refused with 400 InvalidRequest',
    needs: [iface('token'), account('mfaTotp')],
  },
  async (t) => {
    const { user, tokens } = await authenticatorSignIn(t);
    expectTokenError(await t.token.token(otpGrant(t, user, tokens, { mfa_method: 'Sms' })), 'InvalidRequest');
  },
);

rule(
  {
    ...base,
    id: 'token.mfa-otp.required-fields',
    spec: [
      { anchor: '§4.1/mfa_otp', quote: 'mfa_method, mfa_token, user_token, otp' },
      { anchor: '§4.1/which-fields-required-depends-grant', quote: 'Which fields are required depends on the grant:' },
      { anchor: '§7.1/InvalidRequest', quote: 'The request is invalid' },
    ],
    title: 'mfa_otp without mfa_method, mfa_token, user_token or otp (any of them absent or null) is refused with 400 InvalidRequest',
    needs: [iface('token'), account('mfaTotp')],
  },
  async (t) => {
    const { user, tokens } = await authenticatorSignIn(t);
    const full = otpGrant(t, user, tokens);
    await property(t, omitFields(REQUIRED_FIELDS.mfa_otp), async (omission) => {
      expectTokenError(await t.token.token(() => omission.apply(full())), 'InvalidRequest');
    });
  },
);
