/**
 * Provisioning accounts (spec §5.8): a user name, the platforms it may provision, and its
 * provisioner key (vendor-wire §5). The reseller e-mail address travels in X-Email.
 */
export interface Provisioner {
  userName: string;
  email: string;
  /** base64 of 32 bytes: the AES-256 and HMAC-SHA512 key */
  key: string;
  platforms: string[];
}

export class Provisioners {
  readonly #byName = new Map<string, Provisioner>();
  /** every platform instance the reference knows, provisionable by someone or not */
  readonly platforms = new Set<string>();

  add(provisioner: Provisioner): Provisioner {
    this.#byName.set(provisioner.userName, provisioner);
    for (const p of provisioner.platforms) this.platforms.add(p);
    return provisioner;
  }

  /** spec §5.8: the user name must be valid (exact match: a user name is an identifier). */
  get(userName: string): Provisioner | undefined {
    return this.#byName.get(userName);
  }
}
