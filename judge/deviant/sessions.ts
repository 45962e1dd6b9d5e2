import type { DeviantClient, SessionName } from './client.js';
import { directorySession, restSession, soapSession } from './sessions-messaging.js';
import { adminSession, provisioningSession, tokenSession } from './sessions-other.js';

/** Each short session of the conforming client, by name (a switch names the one that exercises its rule). */
export const SESSION_SCRIPTS: Readonly<Record<SessionName, (c: DeviantClient) => Promise<void>>> = {
  token: tokenSession,
  rest: restSession,
  soap: soapSession,
  admin: adminSession,
  provisioning: provisioningSession,
  directory: directorySession,
};
