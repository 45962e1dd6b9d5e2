import type { ProfileInput } from '../../contract/profile.js';
import type { RecordedExchange } from '../exchange.js';
import { settingsFromProfile, type JudgeSettings } from '../settings.js';
import { DeviantClient, type SessionName, type SharedState, type Switch } from './client.js';
import { SESSION_SCRIPTS } from './sessions.js';

/** One short session of the deviant client (with one switch, or none), and the settings to judge it with. */
export async function runSession(profile: ProfileInput, shared: SharedState, session: SessionName, sw?: Switch): Promise<{ exchanges: RecordedExchange[]; settings: JudgeSettings }> {
  const settings = settingsFromProfile(profile);
  // the company key the last session left (a conforming session renews it): the judge holds it too
  if (shared.companyKey && profile.admin) settings.companyKeys[profile.admin.automationId] = shared.companyKey;
  const client = new DeviantClient(profile, shared, sw);
  await SESSION_SCRIPTS[session](client);
  return { exchanges: client.exchanges, settings };
}

export const newSharedState = (): SharedState => ({ passwords: new Map(), counter: 0 });
