/** Told to the user both up front (the API) and when an export job runs without configuration. */
export const SHEETS_NOT_CONFIGURED_MESSAGE =
  'Google Sheets export is not configured on this server: set GOOGLE_SERVICE_ACCOUNT_JSON, or GOOGLE_OAUTH_CLIENT_ID, ' +
  'GOOGLE_OAUTH_CLIENT_SECRET and GOOGLE_OAUTH_REFRESH_TOKEN';

export class SheetsNotConfiguredError extends Error {
  constructor() {
    super(SHEETS_NOT_CONFIGURED_MESSAGE);
    this.name = 'SheetsNotConfiguredError';
  }
}

/**
 * A Google API call failed for good: refused (4xx other than rate limits) or still failing after
 * every retry. The message says what was being done and quotes Google; it never holds credentials.
 */
export class SheetsApiError extends Error {
  constructor(
    message: string,
    /** HTTP status of the last answer; undefined when none came (network). */
    readonly status: number | undefined,
    /** Calls made, retries included. */
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'SheetsApiError';
  }
}
