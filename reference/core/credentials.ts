import { randomBytes } from 'node:crypto';
import type { Domain, User } from './domain.js';

/** Lifetimes the spec leaves open (spec §8: session key lifetime 'not shown'). */
export interface Lifetimes {
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  mfaSeconds: number;
  sessionKeySeconds: number;
}

export const DEFAULT_LIFETIMES: Lifetimes = {
  accessTokenSeconds: 3600,
  refreshTokenSeconds: 14 * 24 * 3600,
  mfaSeconds: 600,
  sessionKeySeconds: 3600,
};

interface Grant {
  userId: number;
  expiresAt: number;
}

interface Session extends Grant {
  lifetimeMs: number;
}

interface PendingMfa extends Grant {
  userToken: string;
  /** the e-mailed one-time password, once /token/challenge has sent one */
  emailOtp?: string;
}

export type SessionLookup = { user: User } | { expired: true } | undefined;

/**
 * Token and session-key state. Access tokens, session keys and refresh tokens are independent
 * credentials over the same users (spec §5).
 */
export class Credentials {
  readonly #access = new Map<string, Grant>();
  readonly #refresh = new Map<string, Grant>();
  readonly #mfa = new Map<string, PendingMfa>();
  /** keys ended by Log out */
  readonly #ended = new Set<string>();
  readonly #sessions = new Map<string, Session>();

  constructor(
    private readonly domain: Domain,
    readonly lifetimes: Lifetimes = DEFAULT_LIFETIMES,
  ) {}

  #now(): number {
    return this.domain.clock.now().getTime();
  }

  #live(grants: Map<string, Grant>, key: string): User | undefined {
    const grant = grants.get(key);
    if (!grant || grant.expiresAt <= this.#now()) return undefined;
    return this.domain.users.get(grant.userId);
  }

  issueTokens(user: User): { accessToken: string; refreshToken: string; expiresIn: number } {
    const shapes = this.domain.readings.credentialShapes;
    const accessToken = shapes.accessToken();
    const refreshToken = shapes.refreshToken();
    this.#access.set(accessToken, { userId: user.id, expiresAt: this.#now() + this.lifetimes.accessTokenSeconds * 1000 });
    this.#refresh.set(refreshToken, { userId: user.id, expiresAt: this.#now() + this.lifetimes.refreshTokenSeconds * 1000 });
    return { accessToken, refreshToken, expiresIn: this.lifetimes.accessTokenSeconds };
  }

  userForAccessToken(token: string): User | undefined {
    return this.#live(this.#access, token);
  }

  /** A refresh token is used up by the refresh that spends it. */
  spendRefreshToken(token: string): User | undefined {
    const user = this.#live(this.#refresh, token);
    this.#refresh.delete(token);
    return user;
  }

  startMfa(user: User): { mfaToken: string; userToken: string } {
    const mfaToken = randomBytes(24).toString('base64url');
    const userToken = randomBytes(16).toString('hex');
    this.#mfa.set(mfaToken, { userId: user.id, userToken, expiresAt: this.#now() + this.lifetimes.mfaSeconds * 1000 });
    return { mfaToken, userToken };
  }

  /** The pending MFA sign-in for this token pair, if both match and it has not expired. */
  pendingMfa(mfaToken: string, userToken: string): (PendingMfa & { user: User }) | undefined {
    const pending = this.#mfa.get(mfaToken);
    if (!pending || pending.userToken !== userToken || pending.expiresAt <= this.#now()) return undefined;
    const user = this.domain.users.get(pending.userId);
    return user ? { ...pending, user } : undefined;
  }

  setEmailOtp(mfaToken: string, otp: string): void {
    const pending = this.#mfa.get(mfaToken);
    if (pending) pending.emailOtp = otp;
  }

  /** Replaces a pending sign-in's tokens (a challenge may hand out new ones, B2). */
  rotateMfa(mfaToken: string): { mfaToken: string; userToken: string } | undefined {
    const pending = this.#mfa.get(mfaToken);
    if (!pending) return undefined;
    this.#mfa.delete(mfaToken);
    const next = { mfaToken: randomBytes(24).toString('base64url'), userToken: randomBytes(16).toString('hex') };
    this.#mfa.set(next.mfaToken, { ...pending, userToken: next.userToken });
    return next;
  }

  finishMfa(mfaToken: string): void {
    this.#mfa.delete(mfaToken);
  }

  /** `lifetimeSeconds` overrides the server's lifetime (fixture users with short sessions). */
  newSessionKey(user: User, lifetimeSeconds = this.lifetimes.sessionKeySeconds): string {
    const key = this.domain.readings.credentialShapes.sessionKey();
    this.#sessions.set(key, { userId: user.id, expiresAt: this.#now() + lifetimeSeconds * 1000, lifetimeMs: lifetimeSeconds * 1000 });
    return key;
  }

  /**
   * spec §7.2 distinguishes an expired key ('SessionKey Expired') from an unknown one. spec §8
   * leaves the lifetime open: a sliding lifetime renews the key at each use. `lapses` false
   * keeps a key alive past its lifetime (a mail policy's answer).
   */
  session(key: string, lapses = true): SessionLookup {
    const grant = this.#sessions.get(key);
    if (!grant) return undefined;
    if (grant.expiresAt <= this.#now() && lapses) return { expired: true };
    if (this.domain.readings.sessionLifetime === 'sliding') grant.expiresAt = this.#now() + grant.lifetimeMs;
    const user = this.domain.users.get(grant.userId);
    return user ? { user } : undefined;
  }

  endSession(key: string): boolean {
    if (this.#sessions.has(key)) this.#ended.add(key);
    return this.#sessions.delete(key);
  }

  /** Whether a key was issued and then ended by Log out (as against a key never issued). */
  wasEnded(key: string): boolean {
    return this.#ended.has(key);
  }
}
