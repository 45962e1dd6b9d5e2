import { randomBytes } from 'node:crypto';
import type { AccessTokenKind, KeyAcceptor, KeyKind, StateChange } from '../../contract/credentials.js';
import type { CredentialPolicy } from './credential-policy.js';
import type { Domain, User } from './domain.js';

/** The state changes that end a session key (spec §4.3 Log out, §4.4 Logout). */
export type LogOut = Extract<StateChange, 'rest-logout' | 'soap-logout'>;

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

interface AccessGrant extends Grant {
  /** the grant that issued it (spec §5 item 2) */
  kind: AccessTokenKind;
}

interface Session extends Grant {
  lifetimeMs: number;
  /** the interface that issued it (spec §4.2 Get a session key, §4.3 Log on, §4.4 Logon) */
  issuer: KeyKind;
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
  readonly #access = new Map<string, AccessGrant>();
  readonly #refresh = new Map<string, Grant>();
  readonly #mfa = new Map<string, PendingMfa>();
  /** keys ended by Log out, and through which form (the credential policy asks whether that ended them on an interface) */
  readonly #ended = new Map<string, { session: Session; via: LogOut }>();
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

  issueTokens(user: User, kind: AccessTokenKind): { accessToken: string; refreshToken: string; expiresIn: number } {
    const shapes = this.domain.readings.credentialShapes;
    const accessToken = shapes.accessToken();
    const refreshToken = shapes.refreshToken();
    this.#access.set(accessToken, { userId: user.id, kind, expiresAt: this.#now() + this.lifetimes.accessTokenSeconds * 1000 });
    this.#refresh.set(refreshToken, { userId: user.id, expiresAt: this.#now() + this.lifetimes.refreshTokenSeconds * 1000 });
    return { accessToken, refreshToken, expiresIn: this.lifetimes.accessTokenSeconds };
  }

  /** spec §5 item 1: the user an access token opens `at` for, as the credential policy answers for its grant. */
  userForAccessToken(token: string, at: KeyAcceptor, policy: CredentialPolicy): User | undefined {
    const kind = this.#access.get(token)?.kind;
    return kind && policy.opens(kind, at) ? this.#live(this.#access, token) : undefined;
  }

  /** A refresh token is used up by the refresh that spends it (spec §2.1 refresh_token). */
  spendRefreshToken(token: string, policy: CredentialPolicy): User | undefined {
    const user = this.#live(this.#refresh, token);
    this.#refresh.delete(token);
    return user && policy.opens('refresh-token', 'token.refresh_token') ? user : undefined;
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
  newSessionKey(user: User, issuer: KeyKind, lifetimeSeconds = this.lifetimes.sessionKeySeconds): string {
    const key = this.domain.readings.credentialShapes.sessionKey();
    this.#sessions.set(key, { userId: user.id, issuer, expiresAt: this.#now() + lifetimeSeconds * 1000, lifetimeMs: lifetimeSeconds * 1000 });
    return key;
  }

  /**
   * The user a session key opens on `at` (spec §4.2 'valid for every interface that uses session
   * keys', §4.6, §5 item 4), as the credential policy answers for the interface that issued it: a
   * key ended by Log out opens nothing where the policy says the log out reached (§4.3 'later
   * calls with it are invalid'), and a lapsed one is expired (§7.2 'SessionKey Expired').
   */
  sessionOn(key: string, at: KeyAcceptor, policy: CredentialPolicy, lapses = true): SessionLookup {
    const ended = this.#ended.get(key);
    if (ended && policy.ends(ended.via, ended.session.issuer, at)) return undefined;
    const grant = ended?.session ?? this.#sessions.get(key);
    if (!grant || !policy.opens(grant.issuer, at)) return undefined;
    return this.#lookup(grant, lapses && policy.ends('lifetime', grant.issuer, at));
  }

  /**
   * spec §7.2 distinguishes an expired key ('SessionKey Expired') from an unknown one. spec §8
   * leaves the lifetime open: a sliding lifetime renews the key at each use. `lapses` false
   * keeps a key alive past its lifetime (a mail policy's answer).
   */
  session(key: string, lapses = true): SessionLookup {
    const grant = this.#sessions.get(key);
    return grant ? this.#lookup(grant, lapses) : undefined;
  }

  #lookup(grant: Session, lapses: boolean): SessionLookup {
    if (grant.expiresAt <= this.#now() && lapses) return { expired: true };
    if (this.domain.readings.sessionLifetime === 'sliding') grant.expiresAt = this.#now() + grant.lifetimeMs;
    const user = this.domain.users.get(grant.userId);
    return user ? { user } : undefined;
  }

  /** spec §4.3 Log out, §4.4 Logout: the key ends (through `via`). */
  endSession(key: string, via: LogOut): boolean {
    const session = this.#sessions.get(key);
    if (session) this.#ended.set(key, { session, via });
    return this.#sessions.delete(key);
  }

  /** Forgets a key without a log out (a fault moves it out of the shared credentials). */
  forget(key: string): void {
    this.#sessions.delete(key);
  }

  /** Whether a key was issued and then ended by Log out (as against a key never issued). */
  wasEnded(key: string): boolean {
    return this.#ended.has(key);
  }
}
