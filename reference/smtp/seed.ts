import type { ProfileInput } from '../../contract/profile.js';
import type { ReferenceState } from '../state.js';

/** Where the suite's SMTP clients connect from: the loopback range (harness/clients/smtp.ts binds aliases of it). */
const loopback = (mask: boolean) => ({ Domain: '', Incoming: true, IpAddress: '127.0.0.0', Outgoing: true, Port: 0, Subnet: mask ? '255.0.0.0' : '8' });

/**
 * The gateway's part of the generated profile (B8). The home company starts without a whitelist;
 * where a removed whitelist means 'accept nobody' (variant), it starts with one that admits the
 * loopback range instead, so a rule that restores the whitelist it found leaves the gateway usable.
 * The form of a whitelist entry's Subnet is the variant's, and the profile declares it.
 */
export function seedSmtp(state: ReferenceState, companyId: number, gateway: { host: string; port: number }): NonNullable<ProfileInput['smtp']> {
  const readings = state.readings.smtp;
  state.smtp.credentials(companyId);
  if (readings.removedWhitelist === 'accept-nobody') state.smtp.setWhitelist(companyId, [loopback(readings.subnetForm === 'mask')]);
  // the variant's Subnet form, declared as any target declares its own (clarification G3)
  return { host: gateway.host, port: gateway.port, whitelistEntry: { Subnet: readings.subnetForm === 'mask' ? '255.255.255.255' : '32' } };
}
