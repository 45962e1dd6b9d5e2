import { check } from '../../harness/expect.js';
import { CompanySmtp } from '../../harness/fixtures/smtp.js';
import { adminCredentials, smtpGateway } from '../../harness/needs.js';
import type { SpecRef } from '../../contract/spec/index.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §1: 'Company-level SMTP credentials are obtained through the administration interface';
 * B7: AUTH PLAIN and LOGIN with them. The AUTH lines of each dialogue are redacted in the report.
 */
const base = { interface: 'smtp', operation: 'smtp.Deliver', level: 'must', company: 'uses' } as const;
const needs = [smtpGateway, adminCredentials];

const CREDENTIALS: readonly [SpecRef, ...SpecRef[]] = [
  { anchor: '§1/company-level-smtp-credentials-obtained', quote: 'Company-level SMTP credentials are obtained through the administration interface.' },
  { anchor: '§4.2/get-company-smtp-credentials', quote: 'company user id and company password for the SMTP gateway' },
];

for (const method of ['PLAIN', 'LOGIN'] as const) {
  rule(
    {
      ...base,
      id: `smtp.auth.${method.toLowerCase()}`,
      spec: CREDENTIALS,
      title: `AUTH ${method} inside TLS with the company SMTP credentials from the administration interface succeeds (235)`,
      needs,
    },
    async (t) => {
      const company = await t.given('an administration session', () => CompanySmtp.open(t));
      const credentials = await t.given('Get company SMTP credentials', () => company.credentials());
      const o = await t.smtp.converse(`AUTH ${method}`, { credentials, method });
      check(o.authenticated, `AUTH ${method} with the company's SMTP credentials is refused: ${o.stop ? `${o.stop.code ?? 'no reply'} at ${o.stop.stage.toUpperCase()}: ${o.stop.reply}` : 'no AUTH took place'}.`);
    },
  );
}

rule(
  {
    ...base,
    id: 'smtp.auth.wrong-credentials',
    spec: CREDENTIALS,
    title: 'AUTH is refused for the company user id with a wrong password, and for an unknown user id with the company password',
    needs,
  },
  async (t) => {
    const company = await t.given('an administration session', () => CompanySmtp.open(t));
    const right = await t.given('Get company SMTP credentials', () => company.credentials());
    await t.given('the right credentials authenticate', async () => check((await t.smtp.converse('AUTH with the right credentials', { credentials: right })).authenticated, 'AUTH with the company credentials is refused'));
    const wrong = [
      ['a wrong password', { userId: right.userId, password: t.wrong('password') }],
      ['an unknown user id', { userId: t.wrong('user id', `${t.prefix}______nobody`), password: right.password }],
    ] as const;
    for (const [what, credentials] of wrong) {
      t.redact.learn(credentials.password);
      const o = await t.smtp.converse(`AUTH with ${what}`, { credentials });
      check(!o.authenticated && o.stop?.stage === 'auth' && o.stop.code !== undefined && o.stop.code >= 400, `AUTH with ${what} is not refused: ${o.authenticated ? 'the gateway answered 235' : o.stop?.reply ?? 'no reply'}.`);
    }
  },
);
