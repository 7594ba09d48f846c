import { generateKeyPairSync } from 'node:crypto';

import { auth as googleAuth, sheets as sheetsApi } from '@googleapis/sheets';
import { type FakeSheets, startFakeSheets } from '@quarry/testing';

import type { SheetsCell } from './sheets-cells';
import type { SheetsConfig } from './sheets-config';
import { SHEETS_NOT_CONFIGURED_MESSAGE, SheetsApiError } from './sheets-errors';
import { createSheetsWriter, type SheetsWriterOptions } from './sheets-writer';

const oauthClient = { clientId: 'quarry-client', clientSecret: 'client-secret', refreshToken: 'refresh-token-1' };
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const serviceAccount = { clientEmail: 'exporter@quarry-test.iam.gserviceaccount.com', publicKey: keys.publicKey };

const header = ['Order id', 'Customer', 'Amount', 'Paid', 'Note'];
/** 13 rows: numbers, booleans, an empty cell mid-row, text that looks like a formula, non-ASCII text. */
const body: SheetsCell[][] = Array.from({ length: 13 }, (_, i) => [
  i + 1,
  i === 7 ? null : `Customer ${i}`,
  i * 10.5,
  i % 2 === 0,
  i === 4 ? '=IMPORTXML("http://x","//a")' : `naïve ${i} €`,
]);

describe('Google Sheets writer, against the local fake', () => {
  let fake: FakeSheets;
  let delays: number[];

  beforeEach(async () => {
    fake = await startFakeSheets({ serviceAccounts: [serviceAccount], oauthClients: [oauthClient], cellLimit: 200 });
    delays = [];
  });
  afterEach(() => fake.close());

  const oauthConfig = (refreshToken = oauthClient.refreshToken): SheetsConfig => ({
    apiRoot: fake.url,
    driveApiRoot: fake.url,
    tokenUrl: fake.tokenUrl,
    auth: { kind: 'oauth', clientId: oauthClient.clientId, clientSecret: oauthClient.clientSecret, refreshToken },
  });
  const serviceAccountConfig = (): SheetsConfig => ({
    apiRoot: fake.url,
    driveApiRoot: fake.url,
    tokenUrl: fake.tokenUrl,
    auth: { kind: 'service-account', clientEmail: serviceAccount.clientEmail, privateKey: keys.privateKey },
  });
  /** Small batches so a few rows take several requests; waits are recorded, not slept. */
  const options = (extra: SheetsWriterOptions = {}): SheetsWriterOptions => ({
    maxRowsPerRequest: 4,
    retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 5_000 },
    sleep: async (ms) => void delays.push(ms),
    fetchImplementation: fetch,
    ...extra,
  });

  /** Reads the sheet back through the Sheets API, as the user's spreadsheet would show it unformatted. */
  async function readBack(spreadsheetId: string): Promise<unknown[][]> {
    const client = new googleAuth.OAuth2({
      clientId: oauthClient.clientId,
      clientSecret: oauthClient.clientSecret,
      endpoints: { oauth2TokenUrl: fake.tokenUrl },
      transporterOptions: { fetchImplementation: fetch },
    });
    client.setCredentials({ refresh_token: oauthClient.refreshToken });
    const api = sheetsApi({ version: 'v4', auth: client, rootUrl: `${fake.url}/` });
    const response = await api.spreadsheets.values.get({ spreadsheetId, range: 'Sheet1', valueRenderOption: 'UNFORMATTED_VALUE' });
    return response.data.values ?? [];
  }
  /** What Sheets returns for `rows`: empty cells as "", trailing empties dropped. */
  const asRead = (rows: SheetsCell[][]): unknown[][] => rows.map((row) => row.map((cell) => cell ?? ''));

  it('creates a spreadsheet with the title and writes header and values exactly, in several batches', async () => {
    const writer = createSheetsWriter(oauthConfig(), options());
    const created = await writer.createSpreadsheet('Orders by customer');
    expect(created.spreadsheetUrl).toBe(`${fake.url}/spreadsheets/d/${created.spreadsheetId}/edit`);

    const first = await writer.appendRows(created.spreadsheetId, [header, ...body.slice(0, 6)]);
    const second = await writer.appendRows(created.spreadsheetId, body.slice(6));

    expect(first).toEqual({ rowsWritten: 7, totalRows: 7, truncated: false, clippedCells: 0 });
    expect(second).toEqual({ rowsWritten: 7, totalRows: 14, truncated: false, clippedCells: 0 });
    expect(fake.spreadsheets.get(created.spreadsheetId)?.title).toBe('Orders by customer');
    expect(await readBack(created.spreadsheetId)).toEqual(asRead([header, ...body]));
    // 7 rows, then 7 rows, four at a time: 2 + 2 requests.
    expect(fake.count('spreadsheets.batchUpdate', 200)).toBe(4);
    // The grid is exactly what was written: no empty cells counting against the cell limit.
    const sheet = fake.spreadsheets.get(created.spreadsheetId)?.sheets[0];
    expect([sheet?.rowCount, sheet?.columnCount]).toEqual([14, 5]);
  });

  it('widens the grid when later rows have more columns', async () => {
    const writer = createSheetsWriter(oauthConfig(), options());
    const { spreadsheetId } = await writer.createSpreadsheet('Widening');
    await writer.appendRows(spreadsheetId, [['a', 'b']]);
    await writer.appendRows(spreadsheetId, [['c', 'd', 'e', 'f']]);
    expect(await readBack(spreadsheetId)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e', 'f'],
    ]);
    expect(fake.spreadsheets.get(spreadsheetId)?.sheets[0].columnCount).toBe(4);
  });

  it('retries 429s (waiting as Retry-After says) and 503s, then succeeds with the values intact', async () => {
    const writer = createSheetsWriter(oauthConfig(), options());
    fake.failNext('spreadsheets.create', 503, 1);
    const { spreadsheetId } = await writer.createSpreadsheet('Throttled');
    fake.failNext('spreadsheets.batchUpdate', 429, 2, { retryAfter: '3' });
    fake.failNext('spreadsheets.batchUpdate', 503, 1);

    await writer.appendRows(spreadsheetId, [header, ...body]);

    expect(await readBack(spreadsheetId)).toEqual(asRead([header, ...body]));
    expect([fake.count('spreadsheets.create', 503), fake.count('spreadsheets.create', 200)]).toEqual([1, 1]);
    expect(fake.count('spreadsheets.batchUpdate', 429)).toBe(2);
    expect(fake.count('spreadsheets.batchUpdate', 503)).toBe(1);
    expect(fake.count('spreadsheets.batchUpdate', 200)).toBe(4);
    // The create's first retry: backoff, 10 ms jittered over its upper half. The write: Retry-After
    // (3 s) twice, then the third retry's backoff, 40 ms jittered.
    expect(delays).toHaveLength(4);
    expect(delays[0]).toBeGreaterThanOrEqual(5);
    expect(delays[0]).toBeLessThanOrEqual(10);
    expect(delays.slice(1, 3)).toEqual([3_000, 3_000]);
    expect(delays[3]).toBeGreaterThanOrEqual(20);
    expect(delays[3]).toBeLessThanOrEqual(40);
  });

  it('retries a write whose answer was lost after Google applied it without duplicating rows', async () => {
    const writer = createSheetsWriter(oauthConfig(), options());
    const { spreadsheetId } = await writer.createSpreadsheet('Lost answers');
    await writer.appendRows(spreadsheetId, [header]);
    fake.failNext('spreadsheets.batchUpdate', 'disconnect', 1, { afterApplying: true });
    fake.failNext('spreadsheets.batchUpdate', 500, 1, { afterApplying: true });

    const result = await writer.appendRows(spreadsheetId, body);

    expect(result).toMatchObject({ rowsWritten: 13, totalRows: 14 });
    expect(await readBack(spreadsheetId)).toEqual(asRead([header, ...body]));
    expect([fake.count('spreadsheets.batchUpdate', 'disconnect'), fake.count('spreadsheets.batchUpdate', 500)]).toEqual([1, 1]);
  });

  it('gives up after the configured attempts, saying so', async () => {
    const writer = createSheetsWriter(oauthConfig(), options());
    const { spreadsheetId } = await writer.createSpreadsheet('Down');
    fake.failNext('spreadsheets.batchUpdate', 503, 10);

    const failure = writer.appendRows(spreadsheetId, [header]);

    await expect(failure).rejects.toThrow(
      `Writing rows 1–1 to spreadsheet ${spreadsheetId} failed: The service is currently unavailable. (HTTP 503); gave up after 4 attempts`,
    );
    expect(fake.count('spreadsheets.batchUpdate')).toBe(4);
    expect(delays).toHaveLength(3);
  });

  it('fails at once on a refusal such as 403, with a clear message', async () => {
    const writer = createSheetsWriter(serviceAccountConfig(), options());
    fake.failNext('spreadsheets.create', 403, 5, {
      message: 'Google Sheets API has not been used in project 42 before or it is disabled.',
    });

    const error = await writer.createSpreadsheet('Forbidden').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SheetsApiError);
    expect((error as SheetsApiError).message).toBe(
      `The service account ${serviceAccount.clientEmail} cannot create spreadsheets: Google Sheets API has not been used in project 42 before or it is disabled. (HTTP 403)`,
    );
    expect([(error as SheetsApiError).status, (error as SheetsApiError).attempts]).toEqual([403, 1]);
    expect(fake.count('spreadsheets.create')).toBe(1);
    expect(delays).toEqual([]);
  });

  it('retries Drive 403s that mean "rate limit", not other 403s', async () => {
    const writer = createSheetsWriter(serviceAccountConfig(), options());
    const { spreadsheetId } = await writer.createSpreadsheet('Shared');
    fake.failNext('permissions.create', 403, 1, { reason: 'userRateLimitExceeded', message: 'User rate limit exceeded.' });
    await writer.shareWith?.(spreadsheetId, 'ana@example.com');
    expect(fake.count('permissions.create')).toBe(2);
  });

  it('authenticates with an OAuth refresh token at the configured token endpoint', async () => {
    const writer = createSheetsWriter(oauthConfig(), options());
    const { spreadsheetId } = await writer.createSpreadsheet('Mine');
    expect(fake.spreadsheets.get(spreadsheetId)?.owner).toBe(`oauth:${oauthClient.clientId}`);
    expect(fake.count('token', 200)).toBe(1);
    // The spreadsheet is already in the OAuth user's Drive: nothing to share.
    expect(writer.shareWith).toBeUndefined();
  });

  it('names the variables to check when the refresh token is refused', async () => {
    const writer = createSheetsWriter(oauthConfig('revoked-token'), options());
    await expect(writer.createSpreadsheet('Nope')).rejects.toThrow(
      'Could not get an access token from the OAuth refresh token (check GOOGLE_OAUTH_CLIENT_ID, GOOGLE_OAUTH_CLIENT_SECRET and GOOGLE_OAUTH_REFRESH_TOKEN): invalid_grant: Token has been expired or revoked. (HTTP 400)',
    );
    expect(fake.count('spreadsheets.create')).toBe(0);
    expect(fake.count('token')).toBe(1);
  });

  it('authenticates a service account with a signed JWT and shares the spreadsheet with the user', async () => {
    const writer = createSheetsWriter(serviceAccountConfig(), options());
    const { spreadsheetId } = await writer.createSpreadsheet('For Ana');
    await writer.appendRows(spreadsheetId, [header, ...body.slice(0, 2)]);
    await writer.shareWith?.(spreadsheetId, 'ana@example.com');

    const spreadsheet = fake.spreadsheets.get(spreadsheetId);
    expect(spreadsheet?.owner).toBe(`service-account:${serviceAccount.clientEmail}`);
    expect(spreadsheet?.permissions).toEqual([{ type: 'user', role: 'writer', emailAddress: 'ana@example.com' }]);
    expect(spreadsheet?.sheets[0].cells).toEqual([header, ...body.slice(0, 2)]);
    // One token, reused for every call.
    expect(fake.count('token', 200)).toBe(1);
  });

  it('refuses a service account key the token endpoint does not know', async () => {
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const config = { apiRoot: fake.url, driveApiRoot: fake.url, tokenUrl: fake.tokenUrl };
    const writer = createSheetsWriter(
      { ...config, auth: { kind: 'service-account', clientEmail: serviceAccount.clientEmail, privateKey: other.privateKey } },
      options(),
    );
    await expect(writer.createSpreadsheet('Forged')).rejects.toThrow(
      `Could not get an access token for the service account ${serviceAccount.clientEmail} (check GOOGLE_SERVICE_ACCOUNT_JSON): invalid_grant: Invalid JWT Signature. (HTTP 400)`,
    );
  });

  it('stops at the cell limit and tells how many rows were written', async () => {
    const writer = createSheetsWriter(oauthConfig(), options({ maxCells: 20 }));
    const { spreadsheetId } = await writer.createSpreadsheet('Capped');
    const rows = [['a', 'b', 'c'], ...Array.from({ length: 9 }, (_, i) => [`${i}`, i, i % 2 === 0])];

    const first = await writer.appendRows(spreadsheetId, rows);
    const later = await writer.appendRows(spreadsheetId, [['x', 'y', 'z']]);

    // 20 cells / 3 columns = 6 rows.
    expect(first).toEqual({ rowsWritten: 6, totalRows: 6, truncated: true, clippedCells: 0 });
    expect(later).toEqual({ rowsWritten: 0, totalRows: 6, truncated: true, clippedCells: 0 });
    expect(await readBack(spreadsheetId)).toEqual(asRead(rows.slice(0, 6)));
    expect(fake.count('spreadsheets.batchUpdate')).toBe(2);
  });

  it('reports Google refusing a write over its cell limit instead of retrying it', async () => {
    // The fake's limit is 200 cells; the writer is told Google's 10M, so only Google can stop it.
    const writer = createSheetsWriter(oauthConfig(), options({ maxRowsPerRequest: 100 }));
    const { spreadsheetId } = await writer.createSpreadsheet('Too big');
    await expect(
      writer.appendRows(
        spreadsheetId,
        Array.from({ length: 70 }, () => ['a', 'b', 'c']),
      ),
    ).rejects.toThrow(
      /Writing rows 1–70 .* failed: Invalid requests\[0\]\.updateSheetProperties: This action would increase the number of cells in the workbook above the limit of 200 cells\. \(HTTP 400\)$/,
    );
    expect(fake.count('spreadsheets.batchUpdate')).toBe(1);
  });

  it('rejects appending to a spreadsheet it did not create', async () => {
    const writer = createSheetsWriter(oauthConfig(), options());
    await expect(writer.appendRows('someone-elses', [header])).rejects.toThrow(
      'appendRows: spreadsheet someone-elses was not created by this writer',
    );
  });

  it('fails with a clear error when Sheets is not configured', () => {
    expect(() => createSheetsWriter(undefined)).toThrow(SHEETS_NOT_CONFIGURED_MESSAGE);
    expect(SHEETS_NOT_CONFIGURED_MESSAGE).toContain('GOOGLE_SERVICE_ACCOUNT_JSON');
  });
});
