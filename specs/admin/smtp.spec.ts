import { check } from '../../harness/expect.js';
import { adminSession } from '../../harness/fixtures/admin.js';
import { adminCredentials, iface } from '../../harness/needs.js';
import { rule } from '../../harness/rule.js';

/** spec §4.2 Get company SMTP credentials; §2.2 SMTPCredentialsModel (reset and whitelist are judged at the gateway, specs/smtp/). */
const base = { interface: 'admin' as const, level: 'must' as const, needs: [iface('admin'), adminCredentials] };

rule(
  {
    ...base,
    id: 'admin.smtp.credentials',
    spec: [
      { anchor: '§4.2/get-company-smtp-credentials', quote: 'SMTPCredentialsModel (company user id and company password for the SMTP gateway)' },
      { anchor: '§2.2/SMTPCredentialsModel', quote: 'Carries a company user id and a company password for the SMTP gateway.' },
    ],
    operation: 'admin.GetSmtpCredentials',
    title: 'Get company SMTP credentials answers an SMTPCredentialsModel carrying a company user id and a company password',
  },
  async (t) => {
    const admin = await adminSession(t);
    const res = await t.admin.smtpCredentials(admin);
    const body = (res.json && typeof res.json === 'object' && !Array.isArray(res.json) ? res.json : {}) as Record<string, unknown>;
    // field names: not shown (spec §2.2); the vendor's are UserId and Password
    const filled = (pattern: RegExp) => Object.entries(body).some(([k, v]) => pattern.test(k) && typeof v === 'string' && v.trim() !== '');
    check(res.status < 300 && filled(/user/i) && filled(/pass/i), `${res.label}: expected a 2xx with a non-empty company user id and password; got HTTP ${res.status} ${res.shown}.`);
  },
);
