import type { SmtpCredentials, SmtpEndpoint } from '../core/smtp-settings.js';
import type { AxisReader } from '../axes/axis.js';
import { extra, invalid } from './answers.js';
import type { AdminHandler } from './call.js';

/**
 * spec §4.2 Get company SMTP credentials, Reset password, Update IP whitelist over the company
 * SMTP settings core (state.smtp, which the gateway enforces). Answers are SMTPCredentialsModel
 * with vendor-wire §3's names: UserId, Password, Endpoints.
 */
const view = (variant: AxisReader, creds: SmtpCredentials) => extra(variant, { UserId: creds.userId, Password: creds.password, Endpoints: creds.endpoints ?? [] });

const text = (v: unknown, what: string): string => {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : invalid(`${what} must be a string.`);
};

/** One SMTPEndpoint2Model (spec §2.2); IpAddress is required. */
function endpoint(v: unknown): SmtpEndpoint {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return invalid('Each whitelist entry must be an SMTPEndpoint2Model object.');
  const e = v as Record<string, unknown>;
  const ip = text(e.IpAddress, 'IpAddress').trim();
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(ip) || ip.split('.').some((p) => Number(p) > 255)) return invalid('IpAddress must be an IPv4 address.');
  const port = e.Port === undefined || e.Port === null ? 25 : e.Port;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65535) return invalid('Port must be an int.');
  return {
    IpAddress: ip,
    Subnet: text(e.Subnet, 'Subnet').trim(),
    Domain: text(e.Domain, 'Domain'),
    Incoming: e.Incoming === true,
    Outgoing: e.Outgoing === true,
    Port: port,
  };
}

export const smtpHandlers: Record<string, AdminHandler> = {
  'GET /smtp/getcredentials': ({ c, state, admin, policy }) => {
    const creds = state.smtp.credentials(admin.companyId);
    return c.json(policy.smtpCredentialsAnswer(view(state.variant, creds)));
  },

  /** vendor-wire §3: the body is the JSON number -1; any body is accepted. */
  'PUT /smtp/resetpassword': ({ c, state, admin }) => c.json(view(state.variant, state.smtp.resetPassword(admin.companyId))),

  /** An array of SMTPEndpoint2Model sets the exclusive whitelist; an empty-string body removes it. */
  'PUT /smtp/putsmtpendpoints': async (call) => {
    const { c, state, admin } = call;
    const body = await call.body();
    if (body === '') return c.json(view(state.variant, state.smtp.setWhitelist(admin.companyId, undefined)));
    if (!Array.isArray(body)) return invalid('The whitelist must be a JSON array of SMTPEndpoint2Model, or an empty string.');
    const endpoints = body.filter((e) => e !== null).map(endpoint);
    return c.json(view(state.variant, state.smtp.setWhitelist(admin.companyId, endpoints)));
  },
};
