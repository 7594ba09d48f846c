import type { DemoTableName } from '@quarry/demo-data';
import type { MetricQuery } from '@quarry/domain';

/** An E6 CSV export of the demo project, timed against DuckDB's `COPY (…) TO` of the same SQL. */
export interface ExportCase {
  id: 'export-formatted' | 'export-raw' | 'export-raw-10m' | 'export-raw-postgres' | 'export-formatted-postgres';
  title: string;
  /** Rows it writes (csvLimit, COPY's LIMIT), when not the run's --export-rows. */
  rows?: number;
  /** The bound on export ÷ COPY at the median (issue 15; issue 36 for the 10M-row and PostgreSQL cases); undefined: reported only. */
  ratioTarget?: number;
  exploreId: string;
  table: DemoTableName;
  query: MetricQuery;
  /** Raw values (true) or formatted ones as users see them (false, the default in the UI). */
  onlyRaw: boolean;
  /** Where the events are: the demo DuckDB file (default), or the same rows loaded into PostgreSQL. */
  warehouse?: 'postgres';
}

/**
 * Row-level events: the unique event id with its time, type, session attributes and page — one
 * distinct row per event (≈ 9.7M without bots at scale 17), sorted by id, so the first `csvLimit`
 * rows are the export. Numbers, a timestamp and strings, so formatting has each kind to do.
 */
const EVENTS_EXPORT_QUERY: MetricQuery = {
  exploreName: 'events',
  dimensions: [
    'events_event_id',
    'events_occurred_at_raw',
    'events_event_type',
    'events_platform',
    'events_device_type',
    'events_traffic_source',
    'events_page_path',
    'events_session_duration_seconds',
  ],
  metrics: [],
  filters: {},
  sorts: [{ fieldId: 'events_event_id', descending: false }],
  // Replaced by the export's csvLimit; compileQuery (E5) caps it at QUERY_MAX_LIMIT.
  limit: 500,
  tableCalculations: [],
};

export const EXPORT_CASES: readonly ExportCase[] = [
  {
    id: 'export-formatted',
    title: 'Export: events, row level, formatted (CSV, E6)',
    exploreId: 'events',
    table: 'events',
    query: EVENTS_EXPORT_QUERY,
    onlyRaw: false,
    ratioTarget: 3,
  },
  {
    id: 'export-raw',
    title: 'Export: events, row level, raw values (CSV, E6)',
    exploreId: 'events',
    table: 'events',
    query: EVENTS_EXPORT_QUERY,
    onlyRaw: true,
    ratioTarget: 1.5,
  },
  // Every event (≈ 9.7M without bots at scale 17): the worker's memory must not grow with the size.
  {
    id: 'export-raw-10m',
    title: 'Export: events, every row, raw values (CSV, E6)',
    exploreId: 'events',
    table: 'events',
    query: EVENTS_EXPORT_QUERY,
    onlyRaw: true,
    rows: 10_000_000,
    ratioTarget: 1.5,
  },
  // The same export from a PostgreSQL warehouse (COPY … TO STDOUT streamed through the worker into the file).
  {
    id: 'export-raw-postgres',
    title: 'Export: events on PostgreSQL, row level, raw values (CSV, E6)',
    exploreId: 'events',
    table: 'events',
    query: EVENTS_EXPORT_QUERY,
    onlyRaw: true,
    warehouse: 'postgres',
    ratioTarget: 1.5,
  },
  // Formatted, as users export by default: formatting compiled to PostgreSQL's SQL.
  {
    id: 'export-formatted-postgres',
    title: 'Export: events on PostgreSQL, row level, formatted (CSV, E6)',
    exploreId: 'events',
    table: 'events',
    query: EVENTS_EXPORT_QUERY,
    onlyRaw: false,
    warehouse: 'postgres',
    ratioTarget: 2,
  },
];
