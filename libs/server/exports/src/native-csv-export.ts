import type { ExportLayout } from '@quarry/jobs-contracts';
import { csvHeaderLine, formulaSafeCell, type NativeCsvOutcome, type NativeCsvRequest } from '@quarry/warehouses';
import { unparse } from 'papaparse';

import type { OpenedExport } from './export-query';
import type { ExportAttempt, ExportFileTarget, ExportStore } from './export-store';
import { nativeCsvCells } from './native-csv-cells';
import { plainExportColumns } from './table-records';

/** A written export, waiting for its file name (which says whether rows were cut). */
export interface WrittenCsv extends NativeCsvOutcome {
  commit(fileName: string): Promise<{ fileUrl: string }>;
  discard(): Promise<void>;
}

/** A header cell as the JS path's CSV writer (csvText: formula-safe, then Papa Parse) writes it in its header line. */
function headerCell(header: string): string {
  return unparse([[formulaSafeCell(header)]], { newline: '\n' });
}

/**
 * Writes a plain export with the warehouse's own CSV writer when it has one and every column's
 * cell compiles to SQL: the worker then holds no rows. Undefined when the export must take the
 * JS path (another warehouse, a cell that cannot be compiled exactly).
 */
export async function writeNativeCsv(
  opened: OpenedExport,
  layout: ExportLayout,
  store: ExportStore,
  target: ExportFileTarget,
): Promise<WrittenCsv | undefined> {
  const { adapter, sql, params, options, columnNames } = opened.planned;
  const nativeCsv = adapter.nativeCsv;
  if (!nativeCsv || (adapter.type !== 'duckdb' && adapter.type !== 'postgres')) return undefined;
  const columns = plainExportColumns(opened, layout);
  const resultColumns = await nativeCsv.describe(sql, params, options);
  const aliases = new Map(Object.entries(columnNames).map(([alias, id]) => [id, alias]));
  const cells = nativeCsvCells(
    nativeCsv,
    adapter.type,
    columns,
    resultColumns,
    opened.fields,
    layout.onlyRaw,
    (id) => aliases.get(id) ?? id,
  );
  if (cells === undefined) return undefined;
  const request: NativeCsvRequest = {
    sql,
    params,
    cells,
    header: columns.map((column) => headerCell(column.header)),
    limit: opened.limit,
    maxBytes: opened.maxBytes,
    options,
  };

  if (nativeCsv.destination === 'file') {
    const staged = await store.stage(target, nativeCsv.directory);
    try {
      const { bytes, ...outcome } = await nativeCsv.writeFile(request, staged.path);
      return { ...outcome, commit: (fileName) => staged.commit(fileName, bytes), discard: () => staged.discard() };
    } catch (error) {
      await staged.discard();
      throw error;
    }
  }
  const attempt: ExportAttempt = await store.begin(target);
  try {
    attempt.stream.write(csvHeaderLine(request.header));
    const outcome = await nativeCsv.writeStream(request, attempt.stream);
    await new Promise<void>((resolve, reject) => attempt.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return { ...outcome, commit: (fileName) => attempt.commit(fileName), discard: () => attempt.discard() };
  } catch (error) {
    await attempt.discard();
    throw error;
  }
}
