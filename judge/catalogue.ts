import { TOKEN_CLIENT_RULES } from '../specs/token/client.rules.js';
import { ADMIN_CLIENT_RULES } from '../specs/admin/client.rules.js';
import { MESSAGING_REST_CLIENT_RULES } from '../specs/messaging-rest/client.rules.js';
import { MESSAGING_SOAP_CLIENT_RULES } from '../specs/messaging-soap/client.rules.js';
import { PROVISIONING_CLIENT_RULES } from '../specs/provisioning/client.rules.js';
import { DIRECTORY_CLIENT_RULES } from '../specs/directory/client.rules.js';
import type { ClientRule } from './client-rule.js';

/**
 * Every client rule, from the areas' client.rules.ts beside their server rules (specs/<interface>/).
 * The SMTP gateway has none yet: its caller's obligations (STARTTLS, AUTH, B7) are judged on a
 * session, not on HTTP exchanges.
 */
export const CLIENT_RULES: readonly ClientRule[] = [
  ...TOKEN_CLIENT_RULES,
  ...ADMIN_CLIENT_RULES,
  ...MESSAGING_REST_CLIENT_RULES,
  ...MESSAGING_SOAP_CLIENT_RULES,
  ...PROVISIONING_CLIENT_RULES,
  ...DIRECTORY_CLIENT_RULES,
];
