import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

/** The parts of an OpenID Provider's discovery document this app uses. */
export type OidcProvider = {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
};

export type OidcIdentity = {
  email: string;
  name: string | null;
  picture: string | null;
};

/** Any failure talking to the provider or checking its answer; the route turns it into a 401. */
export class OidcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcError';
  }
}

const HTTP_TIMEOUT_MS = 10_000;

async function fetchJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch (error) {
    throw new OidcError(`request to ${url} failed`, { cause: error });
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok || !body || typeof body !== 'object') {
    throw new OidcError(`${url} answered ${response.status}: ${JSON.stringify(body)?.slice(0, 300)}`);
  }
  return body as Record<string, unknown>;
}

const discoveries = new Map<string, Promise<OidcProvider>>();

/**
 * The provider's discovery document (ISSUER/.well-known/openid-configuration), fetched once per
 * issuer and kept; a failed fetch is forgotten so the next sign-in tries again.
 */
export function discoverProvider(issuer: string): Promise<OidcProvider> {
  const cached = discoveries.get(issuer);
  if (cached) return cached;
  const pending = (async () => {
    const document = await fetchJson(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
    const { authorization_endpoint: authorize, token_endpoint: token, jwks_uri: jwksUri } = document;
    if (typeof authorize !== 'string' || typeof token !== 'string' || typeof jwksUri !== 'string') {
      throw new OidcError('discovery document lacks authorization_endpoint, token_endpoint or jwks_uri');
    }
    return {
      issuer: typeof document.issuer === 'string' ? document.issuer : issuer,
      authorizationEndpoint: authorize,
      tokenEndpoint: token,
      jwks: createRemoteJWKSet(new URL(jwksUri)),
    };
  })();
  discoveries.set(issuer, pending);
  pending.catch(() => discoveries.delete(issuer));
  return pending;
}

export const OIDC_SCOPE = 'openid email profile';

export function buildAuthorizeUrl(provider: OidcProvider, clientId: string, redirectUri: string): string {
  const url = new URL(provider.authorizationEndpoint);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', OIDC_SCOPE);
  url.searchParams.set('redirect_uri', redirectUri);
  return url.toString();
}

const claimText = (payload: JWTPayload, name: string): string | null => {
  const value = payload[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/**
 * Authorization code → verified identity: the code is exchanged at the token endpoint
 * (client_secret_post), and the ID token must be signed by the provider's keys, name this client
 * as its audience, come from the discovered issuer, be unexpired, and carry a verified email.
 */
export async function exchangeCode(
  provider: OidcProvider,
  client: { clientId: string; clientSecret: string },
  code: string,
  redirectUri: string,
): Promise<OidcIdentity> {
  const tokens = await fetchJson(provider.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  if (typeof tokens.id_token !== 'string') throw new OidcError('token endpoint returned no id_token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(tokens.id_token, provider.jwks, {
      issuer: provider.issuer,
      audience: client.clientId,
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    throw new OidcError('id_token failed verification', { cause: error });
  }
  const email = claimText(payload, 'email');
  // Some providers send the flag as the string "true".
  const isVerified = payload.email_verified === true || payload.email_verified === 'true';
  if (!email || !isVerified) throw new OidcError('id_token has no verified email');
  const joined = [claimText(payload, 'given_name'), claimText(payload, 'family_name')]
    .filter(Boolean)
    .join(' ');
  return {
    email: email.toLowerCase(),
    name: claimText(payload, 'name') ?? (joined || null),
    picture: claimText(payload, 'picture'),
  };
}
