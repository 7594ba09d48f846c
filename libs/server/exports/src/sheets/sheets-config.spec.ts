import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { SheetsConfigError, sheetsConfigFromEnv } from './sheets-config';

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const keyFile = { type: 'service_account', project_id: 'p', client_email: 'sa@p.iam.gserviceaccount.com', private_key: privateKey };
const oauth = { GOOGLE_OAUTH_CLIENT_ID: 'id', GOOGLE_OAUTH_CLIENT_SECRET: 'secret', GOOGLE_OAUTH_REFRESH_TOKEN: 'refresh' };

function problems(env: Record<string, string | undefined>): string[] {
  try {
    sheetsConfigFromEnv(env, () => {
      throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
    });
  } catch (error) {
    if (error instanceof SheetsConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a SheetsConfigError');
}

describe('sheetsConfigFromEnv', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-sheets-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is undefined (Sheets export off) without credentials, whatever the roots', () => {
    expect(sheetsConfigFromEnv({})).toBeUndefined();
    expect(sheetsConfigFromEnv({ GOOGLE_SHEETS_API_ROOT: 'http://127.0.0.1:9', GOOGLE_OAUTH_CLIENT_ID: '' })).toBeUndefined();
  });

  it('reads an OAuth refresh token, with Google roots by default', () => {
    expect(sheetsConfigFromEnv(oauth)).toEqual({
      apiRoot: 'https://sheets.googleapis.com',
      driveApiRoot: 'https://www.googleapis.com',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      auth: { kind: 'oauth', clientId: 'id', clientSecret: 'secret', refreshToken: 'refresh' },
    });
  });

  it('takes the roots and token URL from the environment, without a trailing slash', () => {
    const config = sheetsConfigFromEnv({
      ...oauth,
      GOOGLE_SHEETS_API_ROOT: 'http://127.0.0.1:9/',
      GOOGLE_DRIVE_API_ROOT: 'http://127.0.0.1:8',
      GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:7/token',
    });
    expect([config?.apiRoot, config?.driveApiRoot, config?.tokenUrl]).toEqual([
      'http://127.0.0.1:9',
      'http://127.0.0.1:8',
      'http://127.0.0.1:7/token',
    ]);
  });

  it('reads a service account key given as JSON, or as the path of the key file', () => {
    const expected = { kind: 'service-account', clientEmail: keyFile.client_email, privateKey };
    expect(sheetsConfigFromEnv({ GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify(keyFile) })?.auth).toEqual(expected);
    const path = join(dir, 'key.json');
    writeFileSync(path, JSON.stringify(keyFile));
    expect(sheetsConfigFromEnv({ GOOGLE_SERVICE_ACCOUNT_JSON: path })?.auth).toEqual(expected);
  });

  it('restores newlines of a private key that arrived with literal "\\n"', () => {
    const flattened = JSON.stringify({ ...keyFile, private_key: privateKey.replace(/\n/g, '\\n') });
    expect(sheetsConfigFromEnv({ GOOGLE_SERVICE_ACCOUNT_JSON: flattened })?.auth).toMatchObject({ privateKey });
  });

  it('names the missing OAuth variables when only some are set', () => {
    expect(problems({ GOOGLE_OAUTH_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_OAUTH_CLIENT_SECRET, GOOGLE_OAUTH_REFRESH_TOKEN are required when GOOGLE_OAUTH_CLIENT_ID is set',
    ]);
    expect(problems({ ...oauth, GOOGLE_OAUTH_REFRESH_TOKEN: ' ' })).toEqual([
      'GOOGLE_OAUTH_REFRESH_TOKEN is required when GOOGLE_OAUTH_CLIENT_ID, GOOGLE_OAUTH_CLIENT_SECRET are set',
    ]);
  });

  it('refuses both a service account and an OAuth token', () => {
    expect(problems({ ...oauth, GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify(keyFile) })[0]).toMatch(
      /^GOOGLE_SERVICE_ACCOUNT_JSON and GOOGLE_OAUTH_CLIENT_ID, .* are both set/,
    );
  });

  it('names GOOGLE_SERVICE_ACCOUNT_JSON for every way the key can be wrong, never quoting the key', () => {
    expect(problems({ GOOGLE_SERVICE_ACCOUNT_JSON: '/nowhere/key.json' })).toEqual([
      'GOOGLE_SERVICE_ACCOUNT_JSON is neither JSON nor a readable key file: cannot read "/nowhere/key.json" (ENOENT)',
    ]);
    const broken = `{"private_key": "${privateKey.slice(0, 200)}`;
    const [notJson] = problems({ GOOGLE_SERVICE_ACCOUNT_JSON: broken });
    expect(notJson).toBe("GOOGLE_SERVICE_ACCOUNT_JSON is not valid JSON (expected the service account's key file, or its path)");
    expect(problems({ GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify({ type: 'authorized_user' }) })).toEqual([
      'GOOGLE_SERVICE_ACCOUNT_JSON holds a key of type "authorized_user"; a service account key ("type": "service_account") is required',
    ]);
    expect(problems({ GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify({ type: 'service_account' }) })).toEqual([
      'GOOGLE_SERVICE_ACCOUNT_JSON lacks client_email and private_key',
    ]);
    expect(problems({ GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...keyFile, private_key: 'not a key' }) })).toEqual([
      'GOOGLE_SERVICE_ACCOUNT_JSON: private_key is not a valid PEM private key',
    ]);
  });

  it('names each root that is not an http(s) URL', () => {
    expect(problems({ ...oauth, GOOGLE_SHEETS_API_ROOT: 'sheets.local', GOOGLE_OAUTH_TOKEN_URL: 'ftp://x/token' })).toEqual([
      'GOOGLE_SHEETS_API_ROOT must be an http(s) URL, got "sheets.local"',
      'GOOGLE_OAUTH_TOKEN_URL must be an http(s) URL, got "ftp://x/token"',
    ]);
  });
});
