import { check } from '../../harness/expect.js';
import { CompanySmtp } from '../../harness/fixtures/smtp.js';
import { adminCredentials, smtpGateway } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/**
 * spec §4.2 Reset password: 'SMTPCredentialsModel with a newly generated SMTP password'. These
 * rules change the company's SMTP password (company: 'changes'): they run alone, and only where
 * the profile allows company changes. The old password cannot be put back.
 */
const base = { interface: 'smtp', operation: ['admin.ResetSmtpPassword', 'smtp.Deliver'], level: 'must', company: 'changes' } as const;
const needs = [smtpGateway, adminCredentials];

rule(
  { ...base, id: 'smtp.reset.new-password', spec: [{ anchor: '§4.2/reset-password', quote: 'SMTPCredentialsModel with a newly generated SMTP password' }], title: 'after Reset password the new password differs from the old one and authenticates at the gateway', needs },
  async (t) => {
    const company = await t.given('an administration session', () => CompanySmtp.open(t));
    const before = await t.given('Get company SMTP credentials', () => company.credentials());
    const after = await t.given('Reset password', () => company.resetPassword());
    check(after.password !== before.password, 'Reset password answers the password the company already had, not a newly generated one.');
    const o = await t.smtp.converse('AUTH with the new password', { credentials: after });
    check(o.authenticated, `AUTH with the password Reset password answered is refused: ${o.stop?.reply ?? 'no reply'}.`);
  },
);

rule(
  { ...base, id: 'smtp.reset.old-password', spec: [{ anchor: '§4.2/reset-password', quote: 'SMTPCredentialsModel with a newly generated SMTP password' }], title: 'after Reset password the gateway refuses AUTH with the old password', needs },
  async (t) => {
    const company = await t.given('an administration session', () => CompanySmtp.open(t));
    const before = await t.given('Get company SMTP credentials', () => company.credentials());
    await t.given('the current password authenticates', async () => check((await t.smtp.converse('AUTH before the reset', { credentials: before })).authenticated, 'AUTH with the current credentials is refused'));
    await t.given('Reset password', () => company.resetPassword());
    const o = await t.smtp.converse('AUTH with the old password', { credentials: before });
    check(!o.authenticated && o.stop?.stage === 'auth', `AUTH with the password from before the reset is not refused: ${o.authenticated ? 'the gateway answered 235' : o.stop?.reply ?? 'no reply'}.`);
  },
);
