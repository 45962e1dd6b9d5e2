import { axis } from './axis.js';

/**
 * The reference directory's readings where spec §4.6 ('Its directory operations: not shown')
 * and vendor-wire §6 are silent: how a search parameter matches, what SearchParameters echoes,
 * and the status of a refused key ('Errors of the administration and directory interfaces: not
 * shown', spec §7). Extra fields and the order of entries follow the common axes.
 */
export const DIRECTORY_MATCH = axis('directory.match', 'directory-search-semantics');
export const DIRECTORY_ECHO = axis('directory.search-parameters', 'directory-response-shape');
export const DIRECTORY_REFUSAL = axis('directory.refusal-status', 'directory-errors');

export const DIRECTORY_AXES = [DIRECTORY_MATCH, DIRECTORY_ECHO, DIRECTORY_REFUSAL];
