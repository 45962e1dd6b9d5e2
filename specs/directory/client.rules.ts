import type { ClientRule } from '../../judge/client-rule.js';
import { keyedRules, type KeyedInterface } from '../../judge/families/session-keys.js';

/**
 * What the directory asks of a caller (spec §4.6; B6): a session key from the administration or
 * messaging interface on every search, issued before it and not ended by a log-out.
 */
export const DIRECTORY_KEYED: KeyedInterface = {
  iface: 'directory',
  ops: ['directory.Search'],
  spec: [
    { anchor: '§4.6/any-session-key-administration-messaging', quote: 'Any session key from the administration or messaging interface is used.' },
    { anchor: '§4.6/healthcare-provider-directory-interface-has', quote: 'has no session-key operation of its own' },
  ],
  binding: ['B6'],
  carrier: 'X-Session-Key',
};

export const DIRECTORY_CLIENT_RULES: readonly ClientRule[] = keyedRules(DIRECTORY_KEYED);
