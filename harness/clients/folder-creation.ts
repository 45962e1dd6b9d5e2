/**
 * Sends a folder creation for the session `sessionKey` (a REST session key or authorization, a
 * SOAP session key): the rule's context makes a party's wait while a party rule judges that
 * party's folders (harness/claims.ts `folders-<party>`); elsewhere it is sent at once.
 */
export type FolderCreation = <T>(sessionKey: string, send: () => Promise<T>) => Promise<T>;

export const sendNow: FolderCreation = (_key, send) => send();
