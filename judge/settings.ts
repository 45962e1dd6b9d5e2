import type { InterfaceName, ProfileInput } from '../contract/profile.js';

/**
 * What the judge is given (B1, B3, B5, B8): where each interface is, the SOAP namespace, and the
 * keys that open the encrypted payloads (the company EncryptionKey per AutomationId for the
 * administration log-on, the provisioner key). Keys a client is answered later (a new company key)
 * the judge learns from the answers (judge/timeline.ts).
 */
export interface JudgeSettings {
  /** path prefix of each HTTP interface (B1) */
  bases: Partial<Record<InterfaceName, string>>;
  soapNamespace: string;
  /** AutomationId → the company EncryptionKey (base64) */
  companyKeys: Record<string, string>;
  /** the provisioner key (base64), where provisioning is judged */
  provisionerKey?: string;
}

const pathOf = (url: string | undefined, fallback: string) => (url ? new URL(url).pathname.replace(/\/$/, '') : fallback);

/** The settings a target profile gives (the reference's generated profile, or a target's). */
export function settingsFromProfile(profile: ProfileInput): JudgeSettings {
  const urls = profile.urls ?? {};
  const root = new URL(profile.baseUrl).pathname.replace(/\/$/, '');
  return {
    bases: {
      token: pathOf(urls.token, root),
      admin: pathOf(urls.admin, `${root}/Remote`),
      'messaging-rest': pathOf(urls.messagingRest, `${root}/SecureMessagingAPI`),
      'messaging-soap': pathOf(urls.messagingSoap, `${root}/cmv4/cmv4.asmx`),
      provisioning: pathOf(urls.provisioning, `${root}/Provisioning`),
      directory: pathOf(urls.directory, `${root}/HpdProxyApi`),
    },
    soapNamespace: profile.soapNamespace ?? 'https://ssl.certifiedmail.com/CMv4',
    companyKeys: profile.admin ? { [profile.admin.automationId]: profile.admin.encryptionKey } : {},
    ...(profile.provisioning ? { provisionerKey: profile.provisioning.key } : {}),
  };
}
