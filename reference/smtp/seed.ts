import type { ProfileInput } from '../../contract/profile.js';
import type { ReferenceState } from '../state.js';

/** Where the suite's SMTP clients connect from: the loopback range (harness/clients/smtp.ts binds aliases of it). */
const LOOPBACK = { Domain: '', Incoming: true, IpAddress: '127.0.0.0', Outgoing: true, Port: 0, Subnet: '255.0.0.0' };

/**
 * The gateway's part of the generated profile (B8). The home company starts without a whitelist;
 * where a removed whitelist means 'accept nobody' (variant), it starts with one that admits the
 * loopback range instead, so a rule that restores the whitelist it found leaves the gateway usable.
 */
export function seedSmtp(state: ReferenceState, companyId: number, gateway: { host: string; port: number }): NonNullable<ProfileInput['smtp']> {
  state.smtp.credentials(companyId);
  if (state.smtp.choices.removedWhitelist === 'accept-nobody') state.smtp.setWhitelist(companyId, [LOOPBACK]);
  return { host: gateway.host, port: gateway.port };
}
