import { TOKEN_CLIENT_RULES } from '../specs/token/client.rules.js';
import { ADMIN_CLIENT_RULES } from '../specs/admin/client.rules.js';
import { MESSAGING_REST_CLIENT_RULES } from '../specs/messaging-rest/client.rules.js';
import { MESSAGING_SOAP_CLIENT_RULES } from '../specs/messaging-soap/client.rules.js';
import { PROVISIONING_CLIENT_RULES } from '../specs/provisioning/client.rules.js';
import { DIRECTORY_CLIENT_RULES } from '../specs/directory/client.rules.js';
import { SMTP_CLIENT_RULES } from '../specs/smtp/client.rules.js';
import type { ClientRule } from './client-rule.js';

/**
 * Every client rule, from the areas' client.rules.ts beside their server rules (specs/<interface>/).
 * The SMTP gateway's are judged on its recorded commands (judge/smtp.ts), the others on HTTP
 * exchanges.
 */
export const CLIENT_RULES: readonly ClientRule[] = [
  ...TOKEN_CLIENT_RULES,
  ...ADMIN_CLIENT_RULES,
  ...MESSAGING_REST_CLIENT_RULES,
  ...MESSAGING_SOAP_CLIENT_RULES,
  ...PROVISIONING_CLIENT_RULES,
  ...DIRECTORY_CLIENT_RULES,
  ...SMTP_CLIENT_RULES,
];
