import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const DEFAULT_SHEETS_API_ROOT = 'https://sheets.googleapis.com';
export const DEFAULT_DRIVE_API_ROOT = 'https://www.googleapis.com';
export const DEFAULT_OAUTH_TOKEN_URL = 'https://oauth2.googleapis.com/token';

export type SheetsAuthConfig =
  | { kind: 'service-account'; clientEmail: string; privateKey: string }
  | { kind: 'oauth'; clientId: string; clientSecret: string; refreshToken: string };

/** Google Sheets export settings; undefined when no credentials are configured (Sheets export off). */
export type SheetsConfig =
  | {
      /** Root of the Sheets API, without a trailing slash. */
      apiRoot: string;
      /** Root of the Drive API (sharing a service account's spreadsheet), without a trailing slash. */
      driveApiRoot: string;
      /** OAuth 2.0 token endpoint, for the JWT-bearer grant and the refresh-token grant. */
      tokenUrl: string;
      auth: SheetsAuthConfig;
    }
  | undefined;

/** One or more GOOGLE_* variables are wrong; every problem starts with the variable's name. */
export class SheetsConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid Google Sheets configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'SheetsConfigError';
  }
}

type Env = Record<string, string | undefined>;

const OAUTH_VARIABLES = ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET', 'GOOGLE_OAUTH_REFRESH_TOKEN'] as const;

/**
 * Reads the Sheets settings from the environment. Nothing is fetched; the only I/O is reading the
 * service-account key file when GOOGLE_SERVICE_ACCOUNT_JSON is a path (`readFile` lets tests
 * replace it). Throws SheetsConfigError listing every bad variable.
 */
export function sheetsConfigFromEnv(env: Env, readFile: (path: string) => string = (path) => readFileSync(path, 'utf8')): SheetsConfig {
  const problems: string[] = [];
  const apiRoot = urlVariable(env, 'GOOGLE_SHEETS_API_ROOT', DEFAULT_SHEETS_API_ROOT, problems);
  const driveApiRoot = urlVariable(env, 'GOOGLE_DRIVE_API_ROOT', DEFAULT_DRIVE_API_ROOT, problems);
  const tokenUrl = urlVariable(env, 'GOOGLE_OAUTH_TOKEN_URL', DEFAULT_OAUTH_TOKEN_URL, problems);

  const serviceAccountValue = value(env, 'GOOGLE_SERVICE_ACCOUNT_JSON');
  const oauthSet = OAUTH_VARIABLES.filter((name) => value(env, name) !== undefined);
  let auth: SheetsAuthConfig | undefined;
  if (serviceAccountValue !== undefined && oauthSet.length > 0) {
    // Guessing which one wins would silently create spreadsheets in the wrong Drive.
    problems.push(
      `GOOGLE_SERVICE_ACCOUNT_JSON and ${oauthSet.join(', ')} are both set: configure either a service account or an OAuth refresh ` +
        `token, not both`,
    );
  } else if (serviceAccountValue !== undefined) {
    auth = serviceAccount(serviceAccountValue, readFile, problems);
  } else if (oauthSet.length > 0) {
    const missing = OAUTH_VARIABLES.filter((name) => value(env, name) === undefined);
    if (missing.length > 0) {
      problems.push(
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required ` +
          `when ${oauthSet.join(', ')} ${oauthSet.length === 1 ? 'is' : 'are'} set`,
      );
    } else {
      auth = {
        kind: 'oauth',
        clientId: value(env, 'GOOGLE_OAUTH_CLIENT_ID') as string,
        clientSecret: value(env, 'GOOGLE_OAUTH_CLIENT_SECRET') as string,
        refreshToken: value(env, 'GOOGLE_OAUTH_REFRESH_TOKEN') as string,
      };
    }
  }

  if (problems.length > 0) throw new SheetsConfigError(problems);
  if (!auth) return undefined;
  return { apiRoot, driveApiRoot, tokenUrl, auth };
}

/** Empty strings mean "unset", as everywhere else in Quarry's configuration. */
function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function urlVariable(env: Env, name: string, fallback: string, problems: string[]): string {
  const raw = value(env, name) ?? fallback;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
  } catch {
    problems.push(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** The variable holds the key file's JSON itself (it starts with "{") or the path of the key file. */
function serviceAccount(raw: string, readFile: (path: string) => string, problems: string[]): SheetsAuthConfig | undefined {
  const name = 'GOOGLE_SERVICE_ACCOUNT_JSON';
  let text = raw;
  if (!raw.startsWith('{')) {
    try {
      text = readFile(raw);
    } catch (error) {
      problems.push(
        `${name} is neither JSON nor a readable key file: cannot read "${raw}" (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      );
      return undefined;
    }
  }
  let key: unknown;
  try {
    key = JSON.parse(text);
  } catch {
    // The parser's own message quotes the text around the error: that could be the private key.
    problems.push(`${name} is not valid JSON (expected the service account's key file, or its path)`);
    return undefined;
  }
  const record = (typeof key === 'object' && key !== null ? key : {}) as Record<string, unknown>;
  if (record['type'] !== undefined && record['type'] !== 'service_account') {
    problems.push(`${name} holds a key of type "${String(record['type'])}"; a service account key ("type": "service_account") is required`);
    return undefined;
  }
  const clientEmail = record['client_email'];
  const privateKeyRaw = record['private_key'];
  const missing = [
    typeof clientEmail === 'string' && clientEmail ? undefined : 'client_email',
    typeof privateKeyRaw === 'string' && privateKeyRaw ? undefined : 'private_key',
  ].filter(Boolean);
  if (missing.length > 0) {
    problems.push(`${name} lacks ${missing.join(' and ')}`);
    return undefined;
  }
  // Keys pasted through shells and .env files often arrive with literal "\n" instead of newlines.
  const privateKey = (privateKeyRaw as string).replace(/\\n/g, '\n');
  try {
    createPrivateKey(privateKey);
  } catch {
    problems.push(`${name}: private_key is not a valid PEM private key`);
    return undefined;
  }
  return { kind: 'service-account', clientEmail: clientEmail as string, privateKey };
}
