import { setTimeout as delay } from 'node:timers/promises';

import { sheets as sheetsApi, type sheets_v4 } from '@googleapis/sheets';

import { type GoogleFailure, googleFailure } from './google-api-error';
import { createSheetsAuth } from './sheets-auth';
import { type EncodedRow, rowBatches, type SheetsCell } from './sheets-cells';
import type { SheetsConfig } from './sheets-config';
import { SheetsApiError, SheetsNotConfiguredError } from './sheets-errors';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, withRetries } from './sheets-retry';

/** Google's cap on the cells of one spreadsheet, empty grid cells included. */
export const SHEETS_MAX_CELLS = 10_000_000;

export interface SheetsWriterOptions {
  retry?: Partial<RetryPolicy>;
  /** Rows per write request (default 5,000). */
  maxRowsPerRequest?: number;
  /** Approximate body size per write request (default 2 MB, the most Google advises). */
  maxBytesPerRequest?: number;
  /** Cells one spreadsheet may hold (default Google's 10,000,000; lower it to test truncation). */
  maxCells?: number;
  /** One HTTP call's time limit (default 120 s; Google itself stops a request at 180 s). */
  requestTimeoutMs?: number;
  /** Replaces the real wait between retries (tests). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * HTTP client for every call. By default gaxios loads node-fetch, which honours HTTPS_PROXY;
   * Jest's module sandbox cannot load it (an ES module imported at run time): pass `fetch` there.
   */
  fetchImplementation?: typeof fetch;
}

export interface CreatedSpreadsheet {
  spreadsheetId: string;
  /** Link to open the spreadsheet: the export's `fileUrl`. */
  spreadsheetUrl: string;
}

export interface AppendResult {
  /** Rows of this call now in the sheet. */
  rowsWritten: number;
  /** Rows in the sheet so far, over every call. */
  totalRows: number;
  /** The cell limit was reached: the rest of this call's rows, and of any later call, were dropped. */
  truncated: boolean;
  /** Cells of this call cut to 50,000 characters, Google's limit for one cell. */
  clippedCells: number;
}

export interface SheetsWriter {
  createSpreadsheet(title: string): Promise<CreatedSpreadsheet>;
  /**
   * Appends rows below those written before, in as many requests as the batch limits require.
   * Only for spreadsheets this writer created; calls for one spreadsheet must not overlap.
   */
  appendRows(spreadsheetId: string, rows: readonly (readonly SheetsCell[])[]): Promise<AppendResult>;
  /**
   * Gives `email` edit access. Only a service account has it: its spreadsheets sit in its own Drive,
   * where nobody else sees them; an OAuth user's spreadsheets are already theirs.
   */
  shareWith?: (spreadsheetId: string, email: string) => Promise<void>;
}

/** Where the writer is in one spreadsheet; the grid is sized to exactly what was written. */
interface SheetState {
  sheetId: number;
  rows: number;
  columns: number;
  truncated: boolean;
  busy: boolean;
}

/**
 * Writes exports to Google Sheets. Each batch of rows is one `spreadsheets.batchUpdate` that sets
 * the grid to its new size and fills the new rows at their absolute position, atomically. Unlike
 * `values.append`, retrying a batch whose first answer was lost rewrites the same cells instead of
 * adding them twice, blank rows stay where they are, and the grid never holds empty cells that
 * would count against the 10M-cell limit.
 *
 * One writer serves one export: it keeps each spreadsheet's row position, and its access token.
 */
export function createSheetsWriter(config: SheetsConfig, options: SheetsWriterOptions = {}): SheetsWriter {
  if (!config) throw new SheetsNotConfiguredError();
  const auth = createSheetsAuth(config, options.fetchImplementation);
  const api = sheetsApi({ version: 'v4', auth, rootUrl: `${config.apiRoot}/` });
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const maxRows = options.maxRowsPerRequest ?? 5_000;
  const maxBytes = options.maxBytesPerRequest ?? 2_000_000;
  const maxCells = options.maxCells ?? SHEETS_MAX_CELLS;
  // gaxios' own retries are off: this module retries, with the policy above, in one place.
  const requestOptions = { retry: false, timeout: options.requestTimeoutMs ?? 120_000 };
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const states = new Map<string, SheetState>();
  const identity = config.auth.kind === 'service-account' ? `The service account ${config.auth.clientEmail}` : 'The OAuth account';

  const call = <T>(describe: (failure: GoogleFailure) => string, operation: () => Promise<T>): Promise<T> =>
    withRetries(operation, {
      policy,
      sleep,
      classify: (error) => googleFailure(error, config.tokenUrl),
      fail: (failure, attempts) => {
        const what = failure.tokenRequest ? tokenProblem(config) : describe(failure);
        const status = failure.status === undefined ? '' : ` (HTTP ${failure.status})`;
        const tries = attempts > 1 ? `; gave up after ${attempts} attempts` : '';
        // The gaxios error is not attached as `cause`: its config holds the Authorization header.
        return new SheetsApiError(`${what}: ${failure.message}${status}${tries}`, failure.status, attempts);
      },
    });

  async function createSpreadsheet(title: string): Promise<CreatedSpreadsheet> {
    const response = await call(
      (failure) => (failure.status === 403 ? `${identity} cannot create spreadsheets` : `Creating the spreadsheet "${title}" failed`),
      () =>
        api.spreadsheets.create(
          { requestBody: { properties: { title } }, fields: 'spreadsheetId,spreadsheetUrl,sheets.properties.sheetId' },
          requestOptions,
        ),
    );
    const { spreadsheetId, spreadsheetUrl } = response.data;
    const sheetId = response.data.sheets?.[0]?.properties?.sheetId;
    if (!spreadsheetId || !spreadsheetUrl || typeof sheetId !== 'number') {
      throw new SheetsApiError(`Creating the spreadsheet "${title}" returned no spreadsheet id, URL or sheet`, response.status, 1);
    }
    states.set(spreadsheetId, { sheetId, rows: 0, columns: 0, truncated: false, busy: false });
    return { spreadsheetId, spreadsheetUrl };
  }

  async function writeBatch(spreadsheetId: string, state: SheetState, batch: EncodedRow[], columns: number): Promise<void> {
    const rowCount = state.rows + batch.length;
    const requests: sheets_v4.Schema$Request[] = [
      {
        updateSheetProperties: {
          properties: { sheetId: state.sheetId, gridProperties: { rowCount, columnCount: columns } },
          fields: 'gridProperties.rowCount,gridProperties.columnCount',
        },
      },
      {
        updateCells: {
          start: { sheetId: state.sheetId, rowIndex: state.rows, columnIndex: 0 },
          rows: batch.map((row) => row.data),
          fields: 'userEnteredValue',
        },
      },
    ];
    await call(
      () => `Writing rows ${state.rows + 1}–${rowCount} to spreadsheet ${spreadsheetId} failed`,
      () => api.spreadsheets.batchUpdate({ spreadsheetId, requestBody: { requests } }, requestOptions),
    );
    state.rows = rowCount;
    state.columns = columns;
  }

  async function appendRows(spreadsheetId: string, rows: readonly (readonly SheetsCell[])[]): Promise<AppendResult> {
    const state = states.get(spreadsheetId);
    if (!state) throw new Error(`appendRows: spreadsheet ${spreadsheetId} was not created by this writer`);
    if (state.busy) throw new Error(`appendRows: calls for spreadsheet ${spreadsheetId} must not overlap (rows would interleave)`);
    state.busy = true;
    const result: AppendResult = { rowsWritten: 0, totalRows: state.rows, truncated: state.truncated, clippedCells: 0 };
    try {
      for (const batch of state.truncated ? [] : rowBatches(rows, maxRows, maxBytes)) {
        const columns = Math.max(state.columns, ...batch.map((row) => row.width), 1);
        // Every row takes `columns` cells of the grid, filled or not.
        const room = Math.floor(maxCells / columns) - state.rows;
        const fitting = batch.length <= room ? batch : batch.slice(0, Math.max(room, 0));
        if (fitting.length > 0) {
          await writeBatch(spreadsheetId, state, fitting, columns);
          result.rowsWritten += fitting.length;
          result.clippedCells += fitting.reduce((sum, row) => sum + row.clipped, 0);
        }
        if (fitting.length < batch.length) {
          state.truncated = true;
          result.truncated = true;
          break;
        }
      }
      result.totalRows = state.rows;
      return result;
    } finally {
      state.busy = false;
    }
  }

  const writer: SheetsWriter = { createSpreadsheet, appendRows };
  if (config.auth.kind === 'service-account') {
    writer.shareWith = async (spreadsheetId, email) => {
      await call(
        () => `Sharing spreadsheet ${spreadsheetId} with ${email} failed`,
        () =>
          auth.request({
            url: `${config.driveApiRoot}/drive/v3/files/${encodeURIComponent(spreadsheetId)}/permissions`,
            method: 'POST',
            // The user is handed the link by Quarry; Drive's own notification e-mail would be noise.
            params: { sendNotificationEmail: false },
            data: { type: 'user', role: 'writer', emailAddress: email },
            ...requestOptions,
          }),
      );
    };
  }
  return writer;
}

function tokenProblem(config: NonNullable<SheetsConfig>): string {
  return config.auth.kind === 'service-account'
    ? `Could not get an access token for the service account ${config.auth.clientEmail} (check GOOGLE_SERVICE_ACCOUNT_JSON)`
    : 'Could not get an access token from the OAuth refresh token (check GOOGLE_OAUTH_CLIENT_ID, ' +
        'GOOGLE_OAUTH_CLIENT_SECRET and GOOGLE_OAUTH_REFRESH_TOKEN)';
}
