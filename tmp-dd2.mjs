import { DuckDBInstance } from '@duckdb/node-api';
const inst = await DuckDBInstance.create(process.argv[2], { access_mode: 'READ_ONLY', threads: '1', memory_limit: '48MB', temp_directory: '/tmp/ddtmp' });
const c = await inst.connect();
await c.run("SET schema='shop'");
const nq = (t) => `(contains(${t}, ',') OR contains(${t}, '"') OR contains(${t}, chr(13)) OR contains(${t}, chr(10)) OR contains(${t}, chr(65279)) OR starts_with(${t}, ' ') OR ends_with(${t}, ' '))`;
const quoted = (t) => `CASE WHEN ${t} IS NULL THEN '' WHEN ${nq(t)} THEN '"' || replace(${t}, '"', '""') || '"' ELSE ${t} END`;
const V = {
  native_ts: "SELECT occurred_at FROM events",
  strftime: "SELECT strftime(occurred_at, '%Y-%m-%d %H:%M:%S.%g') FROM events",
  cast_ms: "SELECT CASE WHEN microsecond(occurred_at) % 1000000 = 0 THEN CAST(occurred_at AS VARCHAR) || '.000' ELSE strftime(occurred_at, '%Y-%m-%d %H:%M:%S.%g') END FROM events",
  text_native: "SELECT event_type, platform, device_type, traffic_source, page_path FROM events",
  text_tested: `SELECT ${['event_type', 'platform', 'device_type', 'traffic_source', 'page_path'].map(quoted).join(', ')} FROM events`,
  ints_native: "SELECT event_id, session_duration_seconds FROM events",
  ints_cast_tested: `SELECT ${['CAST(event_id AS VARCHAR)', 'CAST(session_duration_seconds AS VARCHAR)'].map(quoted).join(', ')} FROM events`,
  ints_cast: `SELECT ${['CAST(event_id AS VARCHAR)', 'CAST(session_duration_seconds AS VARCHAR)'].map((x) => `coalesce(${x}, '')`).join(', ')} FROM events`,
};
for (let round = 0; round < 2; round++) for (const [name, sql] of Object.entries(V)) {
  const t = Date.now();
  await c.run(`COPY (${sql}) TO '/tmp/dd2.csv' (FORMAT csv, HEADER true, QUOTE '', ESCAPE '')`);
  console.log(name, Date.now() - t, 'ms');
}
