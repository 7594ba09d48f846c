import { auth as googleAuth } from '@googleapis/sheets';

import { DEFAULT_OAUTH_TOKEN_URL, type SheetsConfig } from './sheets-config';

// The auth classes come from @googleapis/sheets' own google-auth-library, so the client handed to
// `sheets({ auth })` is of the very version its types expect (node_modules holds several).
export type SheetsAuthClient = InstanceType<typeof googleAuth.JWT> | InstanceType<typeof googleAuth.OAuth2>;

/**
 * `spreadsheets` to create and fill; `drive.file` lets a service account share the files it
 * created, and nothing else in anyone's Drive.
 */
export const SERVICE_ACCOUNT_SCOPES = ['https://www.googleapis.com/auth/spreadsheets', 'https://www.googleapis.com/auth/drive.file'];

/**
 * A service account signs a JWT and trades it for an access token (JWT-bearer grant); an OAuth
 * user's refresh token is traded likewise. Both trades go to `config.tokenUrl`.
 */
export function createSheetsAuth(config: NonNullable<SheetsConfig>, fetchImplementation?: typeof fetch): SheetsAuthClient {
  const auth = config.auth;
  // Every call — token trades and API requests alike — goes through the client's transporter.
  const transporterOptions = fetchImplementation ? { fetchImplementation } : undefined;
  switch (auth.kind) {
    case 'service-account': {
      const client = new googleAuth.JWT({
        email: auth.clientEmail,
        key: auth.privateKey,
        scopes: SERVICE_ACCOUNT_SCOPES,
        transporterOptions,
      });
      redirectTokenRequests(client, config.tokenUrl);
      return client;
    }
    case 'oauth': {
      const client = new googleAuth.OAuth2({
        clientId: auth.clientId,
        clientSecret: auth.clientSecret,
        endpoints: { oauth2TokenUrl: config.tokenUrl },
        transporterOptions,
      });
      client.setCredentials({ refresh_token: auth.refreshToken });
      return client;
    }
  }
}

/**
 * The JWT client's token exchange (gtoken) always posts to Google's token URL and offers no
 * setting for it, so requests to that URL are re-addressed on the client's own transporter (an
 * instance per client: nothing global changes).
 */
function redirectTokenRequests(client: InstanceType<typeof googleAuth.JWT>, tokenUrl: string): void {
  if (tokenUrl === DEFAULT_OAUTH_TOKEN_URL) return;
  client.transporter.interceptors.request.add({
    resolved: async (request) => {
      if (request.url.toString() === DEFAULT_OAUTH_TOKEN_URL) request.url = new URL(tokenUrl);
      return request;
    },
  });
}
