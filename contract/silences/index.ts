import { COMMON_SILENCES } from './common.js';
import { MESSAGING_SILENCES } from './messaging.js';
import { PROVISIONING_SILENCES } from './provisioning.js';
import { TOKEN_SILENCES } from './token.js';
import { MESSAGING_SOAP_SILENCES } from './messaging-soap.js';
import { ADMIN_SILENCES } from './admin.js';
import { SMTP_SILENCES } from './smtp.js';
import { DIRECTORY_SILENCES } from './directory.js';
import { IDENTIFIER_SILENCES } from './identifiers.js';
import { LENIENT_SILENCES } from './lenient.js';
import type { Silence } from './types.js';

export type { Silence } from './types.js';

/**
 * The catalogue of the spec's silences (issue 8, item 1), rendered into docs/silences.md by
 * `npm run docs`. Interfaces add their list here.
 */
export const SILENCES: readonly Silence[] = [...COMMON_SILENCES, ...TOKEN_SILENCES, ...MESSAGING_SILENCES, ...PROVISIONING_SILENCES, ...MESSAGING_SOAP_SILENCES, ...ADMIN_SILENCES, ...SMTP_SILENCES, ...DIRECTORY_SILENCES, ...IDENTIFIER_SILENCES, ...LENIENT_SILENCES];
