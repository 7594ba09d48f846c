import { randomBytes } from 'node:crypto';

export type FakeCellValue = string | number | boolean | null;

export interface FakeSheet {
  sheetId: number;
  title: string;
  rowCount: number;
  columnCount: number;
  /** Row-major; rows and cells beyond what was written are absent. */
  cells: FakeCellValue[][];
}

export interface FakePermission {
  type: string;
  role: string;
  emailAddress: string;
}

export interface FakeSpreadsheet {
  spreadsheetId: string;
  title: string;
  spreadsheetUrl: string;
  /** Who created it (the token's subject): only they may touch it. */
  owner: string;
  sheets: FakeSheet[];
  permissions: FakePermission[];
}

/** A 400 answered with Google's wording, so the writer's messages can be checked as users see them. */
export class FakeRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly statusName = 'INVALID_ARGUMENT',
  ) {
    super(message);
  }
}

/** The few spreadsheet operations the Sheets writer uses, with Google's limits and checks. */
export class FakeSpreadsheets {
  readonly spreadsheets = new Map<string, FakeSpreadsheet>();

  constructor(
    /** Link to a spreadsheet (the server's address is known only once it listens). */
    private readonly urlOf: (spreadsheetId: string) => string,
    private readonly cellLimit: number,
  ) {}

  create(owner: string, body: Record<string, unknown>): FakeSpreadsheet {
    const properties = (body['properties'] ?? {}) as Record<string, unknown>;
    const spreadsheetId = randomBytes(33).toString('base64url');
    const spreadsheet: FakeSpreadsheet = {
      spreadsheetId,
      title: typeof properties['title'] === 'string' ? properties['title'] : 'Untitled spreadsheet',
      spreadsheetUrl: this.urlOf(spreadsheetId),
      owner,
      // A new Google spreadsheet has one 1000 × 26 sheet, named after the owner's locale.
      sheets: [{ sheetId: 0, title: 'Sheet1', rowCount: 1000, columnCount: 26, cells: [] }],
      permissions: [],
    };
    this.spreadsheets.set(spreadsheetId, spreadsheet);
    return spreadsheet;
  }

  get(owner: string, spreadsheetId: string): FakeSpreadsheet {
    const spreadsheet = this.spreadsheets.get(spreadsheetId);
    if (!spreadsheet) throw new FakeRequestError(404, 'Requested entity was not found.', 'NOT_FOUND');
    if (spreadsheet.owner !== owner) throw new FakeRequestError(403, 'The caller does not have permission', 'PERMISSION_DENIED');
    return spreadsheet;
  }

  /** Validates every request against the grid as the earlier ones leave it, then applies them all or none. */
  batchUpdate(owner: string, spreadsheetId: string, body: Record<string, unknown>): void {
    const spreadsheet = this.get(owner, spreadsheetId);
    const requests = Array.isArray(body['requests']) ? (body['requests'] as Record<string, unknown>[]) : [];
    const sizes = new Map(spreadsheet.sheets.map((sheet) => [sheet.sheetId, { rowCount: sheet.rowCount, columnCount: sheet.columnCount }]));
    const apply: (() => void)[] = [];
    requests.forEach((request, index) => {
      const kind = Object.keys(request)[0];
      const payload = request[kind] as Record<string, unknown>;
      if (kind === 'updateSheetProperties') apply.push(this.resize(spreadsheet, sizes, payload, index));
      else if (kind === 'updateCells') apply.push(this.writeCells(spreadsheet, sizes, payload, index));
      else throw new FakeRequestError(400, `Invalid requests[${index}]: the fake Sheets API does not implement "${kind}"`);
    });
    for (const step of apply) step();
  }

  values(
    owner: string,
    spreadsheetId: string,
    range: string,
    unformatted: boolean,
  ): { range: string; majorDimension: 'ROWS'; values?: (string | number | boolean)[][] } {
    const spreadsheet = this.get(owner, spreadsheetId);
    // As in Google, a range that is exactly a sheet's name means that whole sheet.
    const whole = spreadsheet.sheets.find((candidate) => candidate.title === unquote(range));
    const parsed: ParsedRange = whole ? { sheetTitle: whole.title, startRow: 0, startColumn: 0 } : parseRange(range);
    const sheet =
      parsed.sheetTitle === undefined
        ? spreadsheet.sheets[0]
        : spreadsheet.sheets.find((candidate) => candidate.title === parsed.sheetTitle);
    if (!sheet) throw new FakeRequestError(400, `Unable to parse range: ${range}`);
    const lastRow = Math.min(parsed.endRow ?? sheet.rowCount, sheet.rowCount);
    const lastColumn = Math.min(parsed.endColumn ?? sheet.columnCount, sheet.columnCount);
    const values: (string | number | boolean)[][] = [];
    for (let row = parsed.startRow; row < lastRow; row += 1) {
      const cells: (string | number | boolean)[] = [];
      for (let column = parsed.startColumn; column < lastColumn; column += 1) {
        const cell = sheet.cells[row]?.[column] ?? null;
        cells.push(cell === null ? '' : unformatted ? cell : formatted(cell));
      }
      values.push(cells);
    }
    // Like Google: trailing empty cells and rows are left out.
    for (const cells of values) while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    while (values.length > 0 && values[values.length - 1].length === 0) values.pop();
    return { range, majorDimension: 'ROWS', ...(values.length > 0 ? { values } : {}) };
  }

  addPermission(owner: string, fileId: string, body: Record<string, unknown>): FakePermission {
    const spreadsheet = this.get(owner, fileId);
    const { type, role, emailAddress } = body;
    if (typeof type !== 'string' || typeof role !== 'string' || typeof emailAddress !== 'string' || !emailAddress.includes('@')) {
      throw new FakeRequestError(400, 'A permission needs type, role and a valid emailAddress.');
    }
    const permission = { type, role, emailAddress };
    spreadsheet.permissions.push(permission);
    return permission;
  }

  private resize(
    spreadsheet: FakeSpreadsheet,
    sizes: Map<number, { rowCount: number; columnCount: number }>,
    payload: Record<string, unknown>,
    index: number,
  ): () => void {
    const properties = (payload['properties'] ?? {}) as { sheetId?: number; gridProperties?: { rowCount?: number; columnCount?: number } };
    const fields = String(payload['fields'] ?? '');
    const size = sizes.get(properties.sheetId ?? 0);
    if (!size) throw new FakeRequestError(400, `Invalid requests[${index}].updateSheetProperties: No grid with id: ${properties.sheetId}`);
    const grid = properties.gridProperties ?? {};
    const next = {
      rowCount: fields.includes('gridProperties.rowCount') && grid.rowCount !== undefined ? grid.rowCount : size.rowCount,
      columnCount: fields.includes('gridProperties.columnCount') && grid.columnCount !== undefined ? grid.columnCount : size.columnCount,
    };
    if (next.rowCount < 1 || next.columnCount < 1)
      throw new FakeRequestError(400, `Invalid requests[${index}].updateSheetProperties: a sheet needs at least one row and one column`);
    const otherCells = [...sizes]
      .filter(([id]) => id !== properties.sheetId)
      .reduce((sum, [, other]) => sum + other.rowCount * other.columnCount, 0);
    if (otherCells + next.rowCount * next.columnCount > this.cellLimit) {
      throw new FakeRequestError(
        400,
        `Invalid requests[${index}].updateSheetProperties: This action would increase the number of cells in the workbook above the ` +
          `limit of ${this.cellLimit} cells.`,
      );
    }
    sizes.set(properties.sheetId ?? 0, next);
    return () => {
      const sheet = spreadsheet.sheets.find((candidate) => candidate.sheetId === (properties.sheetId ?? 0)) as FakeSheet;
      sheet.rowCount = next.rowCount;
      sheet.columnCount = next.columnCount;
      sheet.cells = sheet.cells.slice(0, next.rowCount).map((cells) => cells.slice(0, next.columnCount));
    };
  }

  private writeCells(
    spreadsheet: FakeSpreadsheet,
    sizes: Map<number, { rowCount: number; columnCount: number }>,
    payload: Record<string, unknown>,
    index: number,
  ): () => void {
    const start = (payload['start'] ?? {}) as { sheetId?: number; rowIndex?: number; columnIndex?: number };
    const rows = (Array.isArray(payload['rows']) ? payload['rows'] : []) as { values?: { userEnteredValue?: Record<string, unknown> }[] }[];
    if (!String(payload['fields'] ?? '').includes('userEnteredValue')) {
      throw new FakeRequestError(400, `Invalid requests[${index}].updateCells: fields must name userEnteredValue`);
    }
    const sheetId = start.sheetId ?? 0;
    const size = sizes.get(sheetId);
    const sheet = spreadsheet.sheets.find((candidate) => candidate.sheetId === sheetId);
    if (!size || !sheet) throw new FakeRequestError(400, `Invalid requests[${index}].updateCells: No grid with id: ${sheetId}`);
    const rowIndex = start.rowIndex ?? 0;
    const columnIndex = start.columnIndex ?? 0;
    const width = Math.max(0, ...rows.map((row) => row.values?.length ?? 0));
    if (rowIndex + rows.length > size.rowCount || columnIndex + width > size.columnCount) {
      throw new FakeRequestError(
        400,
        `Invalid requests[${index}].updateCells: Range ` +
          `('${sheet.title}'!${columnName(columnIndex + width - 1)}${rowIndex + rows.length}) exceeds grid limits. Max ` +
          `rows: ${size.rowCount}, max columns: ${size.columnCount}`,
      );
    }
    const values = rows.map((row, rowOffset) =>
      (row.values ?? []).map((cell, columnOffset) =>
        cellValue(cell.userEnteredValue, `requests[${index}].updateCells.rows[${rowOffset}].values[${columnOffset}]`),
      ),
    );
    return () => {
      values.forEach((cells, rowOffset) => {
        const target = (sheet.cells[rowIndex + rowOffset] ??= []);
        cells.forEach((cell, columnOffset) => (target[columnIndex + columnOffset] = cell));
      });
      // Rows skipped over stay holes in the array; reading treats them as empty.
      for (let row = 0; row < sheet.cells.length; row += 1) sheet.cells[row] ??= [];
    };
  }
}

function cellValue(value: Record<string, unknown> | undefined, where: string): FakeCellValue {
  if (value === undefined) return null;
  if (typeof value['stringValue'] === 'string') return value['stringValue'];
  if (typeof value['numberValue'] === 'number') return value['numberValue'];
  if (typeof value['boolValue'] === 'boolean') return value['boolValue'];
  throw new FakeRequestError(400, `Invalid ${where}: the fake accepts stringValue, numberValue and boolValue only`);
}

/** What Google shows for a value in the default ("automatic") number format. */
function formatted(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function columnIndex(letters: string): number {
  return [...letters.toUpperCase()].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

interface ParsedRange {
  sheetTitle?: string;
  startRow: number;
  startColumn: number;
  /** Exclusive. */
  endRow?: number;
  endColumn?: number;
}

/** A1 notation after an optional `Sheet!` / `'My sheet'!`: `A1:C10`, `A:C`, `A2:B`, `2:5` (indexes from 0, ends exclusive). */
export function parseRange(range: string): ParsedRange {
  const bang = range.lastIndexOf('!');
  const sheetTitle = bang >= 0 ? unquote(range.slice(0, bang)) : undefined;
  const [from, to] = range.slice(bang + 1).split(':');
  const cell = /^([A-Za-z]*)(\d*)$/;
  const start = cell.exec(from ?? '');
  const end = to === undefined ? start : cell.exec(to);
  if (!start || !end || (start[1] === '' && start[2] === '')) throw new FakeRequestError(400, `Unable to parse range: ${range}`);
  return {
    sheetTitle,
    startColumn: start[1] ? columnIndex(start[1]) : 0,
    startRow: start[2] ? Number(start[2]) - 1 : 0,
    endColumn: end[1] ? columnIndex(end[1]) + 1 : undefined,
    endRow: end[2] ? Number(end[2]) : undefined,
  };
}

function unquote(title: string): string {
  return title.startsWith("'") && title.endsWith("'") ? title.slice(1, -1).replace(/''/g, "'") : title;
}
