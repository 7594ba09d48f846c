import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { FakeRequestError, type FakeSpreadsheet, FakeSpreadsheets } from './fake-spreadsheets';
import { type FakeOAuthClient, type FakeServiceAccount, FakeTokenIssuer, type IssuedToken, TokenRequestError } from './fake-token-issuer';

export type FakeSheetsRoute = 'token' | 'spreadsheets.create' | 'spreadsheets.batchUpdate' | 'values.get' | 'permissions.create';

export interface FakeSheetsOptions {
  /** Service accounts whose signed assertions the token endpoint accepts. */
  serviceAccounts?: FakeServiceAccount[];
  /** OAuth clients (with their one valid refresh token) the token endpoint accepts. */
  oauthClients?: FakeOAuthClient[];
  /** Cells one spreadsheet may hold (Google: 10,000,000). */
  cellLimit?: number;
}

export interface FakeFailureOptions {
  /** Retry-After header to send (seconds or an HTTP date). */
  retryAfter?: string;
  /** `error.message` of the answer. */
  message?: string;
  /** `error.errors[0].reason` of the answer, e.g. `userRateLimitExceeded`. */
  reason?: string;
  /** Carry the request out first, then fail: the client cannot tell it succeeded. */
  afterApplying?: boolean;
}

export interface RecordedRequest {
  route: FakeSheetsRoute | 'unknown';
  method: string;
  path: string;
  /** Status answered; `disconnect` when the connection was dropped instead. */
  status: number | 'disconnect';
}

export interface FakeSheets {
  /** Root for the Sheets and Drive APIs (`GOOGLE_SHEETS_API_ROOT`, `GOOGLE_DRIVE_API_ROOT`). */
  url: string;
  /** `GOOGLE_OAUTH_TOKEN_URL`. */
  tokenUrl: string;
  spreadsheets: Map<string, FakeSpreadsheet>;
  requests: RecordedRequest[];
  /** The next `times` requests to `route` answer `status` (or have their connection dropped). */
  failNext(route: FakeSheetsRoute, status: number | 'disconnect', times?: number, options?: FakeFailureOptions): void;
  /** Requests made to `route`, optionally only those answered `status`. */
  count(route: FakeSheetsRoute, status?: number | 'disconnect'): number;
  close(): Promise<void>;
}

interface PendingFailure extends FakeFailureOptions {
  status: number | 'disconnect';
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const SHEETS_SCOPES = [
  'https://www.googleapis.com/auth/spreadsheets',
  'https://www.googleapis.com/auth/drive',
  'https://www.googleapis.com/auth/drive.file',
];
const DRIVE_SCOPES = ['https://www.googleapis.com/auth/drive', 'https://www.googleapis.com/auth/drive.file'];

/**
 * A local stand-in for the few Google endpoints the Sheets export uses: the OAuth token endpoint,
 * spreadsheets.create, spreadsheets.batchUpdate (grid resize and cell writes), values.get, and
 * Drive permissions.create. It checks bearer tokens, scopes and ownership, enforces the grid and
 * cell limits like Google, records every request, and can be told to fail the next ones.
 */
export async function startFakeSheets(options: FakeSheetsOptions = {}): Promise<FakeSheets> {
  const requests: RecordedRequest[] = [];
  const failures = new Map<FakeSheetsRoute, PendingFailure[]>();
  const issuer = new FakeTokenIssuer(options.serviceAccounts ?? [], options.oauthClients ?? []);
  let url = '';
  const model = new FakeSpreadsheets((id) => `${url}/spreadsheets/d/${id}/edit`, options.cellLimit ?? 10_000_000);

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, apiError(500, `Fake Sheets crashed: ${String(error)}`)));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const route = routeOf(method, target.pathname);
    const record: RecordedRequest = { route: route?.name ?? 'unknown', method, path: target.pathname, status: 0 };
    requests.push(record);
    const text = await readBody(request);
    const failure = route ? failures.get(route.name)?.shift() : undefined;
    if (failure && !failure.afterApplying) return fail(response, record, failure);

    let status = 200;
    let payload: unknown;
    try {
      if (!route) throw new FakeRequestError(404, `The fake Sheets API has no ${method} ${target.pathname}`, 'NOT_FOUND');
      payload = dispatch(route, target, parseBody(text, request.headers['content-type']), request);
    } catch (error) {
      if (error instanceof TokenRequestError)
        [status, payload] = [error.status, { error: error.error, error_description: error.description }];
      else if (error instanceof FakeRequestError)
        [status, payload] = [error.status, apiError(error.status, error.message, error.statusName)];
      else throw error;
    }
    if (failure) return fail(response, record, failure);
    record.status = status;
    send(response, status, payload);
  }

  function dispatch(
    route: { name: FakeSheetsRoute; id?: string; range?: string },
    target: URL,
    body: Record<string, unknown>,
    request: IncomingMessage,
  ): unknown {
    if (route.name === 'token') return issuer.grant(body as Record<string, string>, basicCredentials(request.headers.authorization));
    const token = issuer.subjectOf(request.headers.authorization);
    if (!token)
      throw new FakeRequestError(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token.', 'UNAUTHENTICATED');
    requireScope(token, route.name === 'permissions.create' ? DRIVE_SCOPES : SHEETS_SCOPES);
    switch (route.name) {
      case 'spreadsheets.create': {
        const created = model.create(token.subject, body);
        const sheets = created.sheets.map((sheet) => ({
          properties: {
            sheetId: sheet.sheetId,
            title: sheet.title,
            index: 0,
            sheetType: 'GRID',
            gridProperties: { rowCount: sheet.rowCount, columnCount: sheet.columnCount },
          },
        }));
        return {
          spreadsheetId: created.spreadsheetId,
          spreadsheetUrl: created.spreadsheetUrl,
          properties: { title: created.title },
          sheets,
        };
      }
      case 'spreadsheets.batchUpdate':
        model.batchUpdate(token.subject, route.id as string, body);
        return { spreadsheetId: route.id, replies: [] };
      case 'values.get':
        return model.values(
          token.subject,
          route.id as string,
          route.range as string,
          target.searchParams.get('valueRenderOption') === 'UNFORMATTED_VALUE',
        );
      case 'permissions.create':
        return { kind: 'drive#permission', id: `perm-${requests.length}`, ...model.addPermission(token.subject, route.id as string, body) };
    }
  }

  function fail(response: ServerResponse, record: RecordedRequest, failure: PendingFailure): void {
    record.status = failure.status;
    if (failure.status === 'disconnect') {
      response.socket?.destroy();
      return;
    }
    const headers: Record<string, string> = failure.retryAfter === undefined ? {} : { 'retry-after': failure.retryAfter };
    send(
      response,
      failure.status,
      apiError(failure.status, failure.message ?? defaultMessage(failure.status), undefined, failure.reason),
      headers,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    tokenUrl: `${url}/token`,
    spreadsheets: model.spreadsheets,
    requests,
    failNext(route, status, times = 1, failureOptions = {}) {
      const queue = failures.get(route) ?? [];
      for (let i = 0; i < times; i += 1) queue.push({ status, ...failureOptions });
      failures.set(route, queue);
    },
    count: (route, status) =>
      requests.filter((request) => request.route === route && (status === undefined || request.status === status)).length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function routeOf(method: string, path: string): { name: FakeSheetsRoute; id?: string; range?: string } | undefined {
  let match: RegExpExecArray | null;
  if (method === 'POST' && path === '/token') return { name: 'token' };
  if (method === 'POST' && path === '/v4/spreadsheets') return { name: 'spreadsheets.create' };
  if (method === 'POST' && (match = /^\/v4\/spreadsheets\/([^/]+):batchUpdate$/.exec(path)))
    return { name: 'spreadsheets.batchUpdate', id: decodeURIComponent(match[1]) };
  if (method === 'GET' && (match = /^\/v4\/spreadsheets\/([^/]+)\/values\/([^/]+)$/.exec(path)))
    return { name: 'values.get', id: decodeURIComponent(match[1]), range: decodeURIComponent(match[2]) };
  if (method === 'POST' && (match = /^\/drive\/v3\/files\/([^/]+)\/permissions$/.exec(path)))
    return { name: 'permissions.create', id: decodeURIComponent(match[1]) };
  return undefined;
}

function requireScope(token: IssuedToken, accepted: string[]): void {
  if (!token.scopes.some((scope) => accepted.includes(scope))) {
    throw new FakeRequestError(403, 'Request had insufficient authentication scopes.', 'PERMISSION_DENIED');
  }
}

function basicCredentials(authorization: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic (\S+)$/.exec(authorization ?? '');
  if (!match) return undefined;
  const [id, secret] = Buffer.from(match[1], 'base64').toString('utf8').split(':');
  return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string, contentType: string | undefined): Record<string, unknown> {
  if (!text) return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new FakeRequestError(400, 'Invalid JSON payload received.');
  }
}

/** Google's error body: `{ error: { code, message, status, errors: [{ reason, message, domain }] } }`. */
function apiError(code: number, message: string, statusName?: string, reason?: string): unknown {
  const status = statusName ?? STATUS_NAMES[code] ?? 'UNKNOWN';
  return {
    error: {
      code,
      message,
      status,
      errors: [{ message, domain: 'global', reason: reason ?? (code === 429 ? 'rateLimitExceeded' : status.toLowerCase()) }],
    },
  };
}

function defaultMessage(status: number): string {
  if (status === 429) return "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user'.";
  if (status === 503) return 'The service is currently unavailable.';
  if (status === 403) return 'The caller does not have permission';
  return `Fake failure ${status}`;
}

function send(response: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(payload));
}
