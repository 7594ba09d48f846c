import { dialectFor } from '@quarry/dialects';
import type { CompileContext, MetricQuery } from '@quarry/domain';
import { createRowFormatter } from '@quarry/formatting';

import { compile } from '../../index';
import { withColumnNames } from '../../lib/columns/column-names';
import { type DiffEngines, diffExplore, type EngineName } from './diff-engines';

/** A query's rows on one engine, keyed by field id, each cell `{ raw, formatted }` as served. */
export async function servedRows(
  engines: DiffEngines,
  engine: EngineName,
  query: Partial<MetricQuery> & Pick<MetricQuery, 'exploreName'>,
  context: CompileContext = {},
): Promise<Array<Record<string, { raw: unknown; formatted: string }>>> {
  const full: MetricQuery = { dimensions: [], metrics: [], filters: {}, sorts: [], limit: 500, tableCalculations: [], ...query };
  const compiled = compile(diffExplore(full.exploreName, engine), full, dialectFor(engine), {
    ...context,
    ...(full.timezone ? { timezone: full.timezone } : {}),
  });
  const { rows } = await engines[engine].runQuery(compiled.sql, compiled.params, full.timezone ? { timezone: full.timezone } : {});
  const format = createRowFormatter(compiled.fields as Parameters<typeof createRowFormatter>[0]);
  return rows.map((row) => {
    const named = withColumnNames(row, compiled.columnNames);
    const formatted = format(named as Parameters<ReturnType<typeof createRowFormatter>>[0]) as Record<
      string,
      { value: { raw: unknown; formatted: string } }
    >;
    return Object.fromEntries(
      Object.keys(compiled.fields).map((id) => [
        id,
        { raw: named[id], formatted: (formatted[id] as { value: { formatted: string } }).value.formatted },
      ]),
    );
  });
}
