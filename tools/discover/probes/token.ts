import { signHs256 } from '../../../contract/wire/jwt.js';
import { finder } from '../context.js';
import type { DiscoveryContext } from '../context.js';
import type { Finding, Probe } from '../types.js';

/** The scheme words tried (spec §5.1 'not shown'; B2 Bearer; catalogue auth-scheme: 'Bearer (B2)', 'another word'). */
const SCHEMES = ['Bearer', 'Token'] as const;
/** The resource_type names tried (catalogue resource-type-values: 'OpenIdConnect (B2)', 'another name'). */
const RESOURCE_TYPES = ['OpenIdConnect', 'oidc'] as const;

const accessToken = (json: unknown): string | undefined => {
  const t = (json as { access_token?: unknown } | undefined)?.access_token;
  return typeof t === 'string' && t.length > 0 ? t : undefined;
};

/** spec §5.1: which scheme word the messaging REST interface takes an access token under. */
export const tokenScheme: Probe = {
  name: 'token-scheme',
  keys: ['token.scheme'],
  async run(ctx: DiscoveryContext): Promise<Finding[]> {
    const f = finder(ctx, 'auth-scheme');
    const primary = ctx.profile.accounts.primary;
    if (!primary || !ctx.profile.token.bearerOnMessaging) return [f.ambiguous('token.scheme', 'Bearer (B2) or another word', 'the profile names no primary account, or says access tokens are not taken on messaging REST, so no scheme can be tried; the default stays', [])];
    const issued = await ctx.clients().token.clientCredentials(primary);
    const token = accessToken(issued.json);
    const tokenAt = ctx.mark();
    if (!token) return [f.none('token.scheme', `client_credentials for the primary account answered HTTP ${issued.status}, not an access_token`, ['token.access-token.authorizes'])];
    ctx.redact.learn(token);
    const accepted: string[] = [];
    const marks = [tokenAt];
    for (const scheme of SCHEMES) {
      const res = await ctx.clients().rest.details({ authorization: `${scheme} ${token}` });
      marks.push(ctx.mark());
      if (res.status >= 200 && res.status < 300) accepted.push(scheme);
    }
    if (accepted.length === 1) {
      const scheme = accepted[0]!;
      return [f.decided('token.scheme', scheme, scheme === 'Bearer' ? 'Bearer (B2)' : 'another word', `GET /Account/Details took the access token under "${scheme}" only (tried ${SCHEMES.join(', ')})`, marks)];
    }
    if (accepted.length > 1) return [f.ambiguous('token.scheme', accepted.join(', '), `GET /Account/Details took the access token under every scheme tried (${accepted.join(', ')}); the default stays`, marks)];
    return [f.none('token.scheme', `GET /Account/Details refused the access token under every scheme tried (${SCHEMES.join(', ')})`, ['token.access-token.authorizes'], marks)];
  },
};

/** spec §2.1: the resource_type that designates the external identity provider (B2). */
export const resourceType: Probe = {
  name: 'resource-type',
  keys: ['identityProvider.resourceType'],
  async run(ctx: DiscoveryContext): Promise<Finding[]> {
    const f = finder(ctx, 'resource-type-values');
    const idp = ctx.profile.identityProvider;
    const primary = ctx.profile.accounts.primary;
    if (!idp || !primary) return [f.ambiguous('identityProvider.resourceType', 'OpenIdConnect (B2) or another name', 'the profile describes no identity provider (identityProvider.jwtSecret) or no primary account, so no code can be made; the default stays', [])];
    const accepted: string[] = [];
    const marks: number[] = [];
    for (const resource_type of RESOURCE_TYPES) {
      // a fresh code per attempt (B2: HS256 signed with the provider's secret), made as the provider makes it
      const now = Math.floor(Date.now() / 1000);
      const code = signHs256({ email: primary.email, sub: `sub-${primary.email}`, iat: now, exp: now + 300 }, idp.jwtSecret);
      ctx.redact.learn(code);
      const res = await ctx.clients().token.token({ grant_type: 'authorization_code', code, resource_type });
      marks.push(ctx.mark());
      const token = accessToken(res.json);
      if (token) ctx.redact.learn(token);
      if (res.status === 200 && token) accepted.push(resource_type);
    }
    if (accepted.length === 1) {
      const name = accepted[0]!;
      return [f.decided('identityProvider.resourceType', name, name === 'OpenIdConnect' ? 'OpenIdConnect (B2)' : 'another name', `authorization_code issued a token for resource_type "${name}" only (tried ${RESOURCE_TYPES.join(', ')})`, marks)];
    }
    if (accepted.length > 1) return [f.ambiguous('identityProvider.resourceType', accepted.join(', '), `authorization_code issued a token for every name tried (${accepted.join(', ')}); the default stays`, marks)];
    return [f.none('identityProvider.resourceType', `authorization_code with a valid code issued no token for any name tried (${RESOURCE_TYPES.join(', ')})`, ['token.authorization-code.issues-token'], marks)];
  },
};
