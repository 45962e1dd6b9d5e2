import type { OperationId } from '../../contract/operations.js';

/** `GetAccountDetails` → `get-account-details`; `SMTPEndpoint` → `smtp-endpoint`. */
export const kebab = (name: string) =>
  name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** The operation's name in its id, kebab-cased: `messaging-rest.GetAccountDetails` → `get-account-details`. */
export const opSlug = (op: OperationId) => kebab(op.slice(op.indexOf('.') + 1));
