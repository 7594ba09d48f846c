import { createPublicKey, type KeyObject, randomBytes, verify } from 'node:crypto';

export interface FakeServiceAccount {
  clientEmail: string;
  /** PEM (SPKI) of the key pair whose private half signs the assertions. */
  publicKey: string;
}

export interface FakeOAuthClient {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

export interface IssuedToken {
  /** `service-account:<email>` or `oauth:<client id>`: who owns what the token creates. */
  subject: string;
  scopes: string[];
}

/** An OAuth error answer: `{ error, error_description }` with this status. */
export class TokenRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * The token endpoint of the fake: signed JWT assertions from known service accounts (signature,
 * expiry and scope checked) and refresh tokens of known OAuth clients are traded for access tokens.
 */
export class FakeTokenIssuer {
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly publicKeys = new Map<string, KeyObject>();

  constructor(
    serviceAccounts: FakeServiceAccount[],
    private readonly oauthClients: FakeOAuthClient[],
  ) {
    for (const account of serviceAccounts) this.publicKeys.set(account.clientEmail, createPublicKey(account.publicKey));
  }

  /** The subject of a valid `Authorization: Bearer …` header, or undefined. */
  subjectOf(authorization: string | undefined): IssuedToken | undefined {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '');
    return match ? this.tokens.get(match[1]) : undefined;
  }

  grant(
    form: Record<string, string>,
    basicAuth?: { id: string; secret: string },
  ): { access_token: string; expires_in: number; token_type: 'Bearer'; scope: string } {
    let issued: IssuedToken;
    if (form['grant_type'] === JWT_BEARER) issued = this.fromAssertion(form['assertion'] ?? '');
    else if (form['grant_type'] === 'refresh_token') issued = this.fromRefreshToken(form, basicAuth);
    else throw new TokenRequestError(400, 'unsupported_grant_type', `Invalid grant_type: ${form['grant_type'] ?? ''}`);
    const accessToken = `fake-${randomBytes(16).toString('hex')}`;
    this.tokens.set(accessToken, issued);
    return { access_token: accessToken, expires_in: 3599, token_type: 'Bearer', scope: issued.scopes.join(' ') };
  }

  private fromAssertion(assertion: string): IssuedToken {
    const [header, payload, signature] = assertion.split('.');
    if (!header || !payload || !signature)
      throw new TokenRequestError(400, 'invalid_grant', 'Invalid JWT: expected header.payload.signature');
    const claims = decodeSegment(payload);
    const alg = decodeSegment(header)['alg'];
    const email = String(claims['iss'] ?? '');
    const key = this.publicKeys.get(email);
    if (!key) throw new TokenRequestError(401, 'invalid_client', `Unknown service account: ${email}`);
    const signed = alg === 'RS256' && verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'));
    if (!signed) throw new TokenRequestError(400, 'invalid_grant', 'Invalid JWT Signature.');
    const now = Date.now() / 1000;
    if (typeof claims['exp'] !== 'number' || claims['exp'] < now)
      throw new TokenRequestError(400, 'invalid_grant', 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.');
    const scopes = String(claims['scope'] ?? '')
      .split(' ')
      .filter(Boolean);
    if (scopes.length === 0) throw new TokenRequestError(400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    return { subject: `service-account:${email}`, scopes };
  }

  private fromRefreshToken(form: Record<string, string>, basicAuth?: { id: string; secret: string }): IssuedToken {
    const clientId = basicAuth?.id ?? form['client_id'];
    const clientSecret = basicAuth?.secret ?? form['client_secret'];
    const client = this.oauthClients.find((candidate) => candidate.clientId === clientId);
    if (!client || client.clientSecret !== clientSecret)
      throw new TokenRequestError(401, 'invalid_client', 'The OAuth client was not found.');
    if (client.refreshToken !== form['refresh_token'])
      throw new TokenRequestError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return { subject: `oauth:${client.clientId}`, scopes: ['https://www.googleapis.com/auth/spreadsheets'] };
  }
}

function decodeSegment(segment: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // Reported below, as Google does, as a bad grant.
  }
  throw new TokenRequestError(400, 'invalid_grant', 'Invalid JWT: a segment is not base64url JSON');
}
