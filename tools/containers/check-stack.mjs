// The end-to-end part of `npm run test:containers`, run against the API and worker containers
// that tools/containers/test-containers.sh started: creates the Demo shop project on the demo data
// in DATA_DIR, runs a query, exports a CSV and reads it back, then kills the worker container in
// the middle of a large export and checks that the job completes, with every row exactly once,
// after the container is started again. Exits non-zero, saying what failed, on any mismatch.
//
// Environment: QUARRY_URL, QUARRY_TOKEN (an org admin's), WORKER_CONTAINER (id), DEMO_SCALE.
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

import { parse } from 'csv-parse/sync';

const baseUrl = required('QUARRY_URL');
const token = required('QUARRY_TOKEN');
const workerContainer = required('WORKER_CONTAINER');
const demoScale = Number(required('DEMO_SCALE'));
// libs/server/exports: the exports queue's lock; a killed worker's job is retried once it expires.
const EXPORT_LOCK_SECONDS = 10;

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const say = (line) => process.stdout.write(`[check] ${line}\n`);

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/**
 * fetch, sending a GET again once when its pooled keep-alive connection turns out closed: parsing a
 * large CSV keeps this script's event loop busy past the API's keep-alive timeout, so the API may
 * close an idle connection just as the next request is written to it.
 */
async function send(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((init.method ?? 'GET') !== 'GET' || error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

async function call(method, path, body) {
  const response = await send(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `ApiKey ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return parsed.results;
}

async function until(what, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(250);
  }
}

/**
 * A job's status. Polling rides out a few consecutive 5xx answers (logged): on a saturated machine
 * the API's metadata-database connection can time out; the test is about the job, not that.
 */
let statusFailures = 0;
async function jobStatus(jobId) {
  try {
    const status = await call('GET', `/api/v1/schedulers/job/${jobId}/status`);
    statusFailures = 0;
    return status;
  } catch (error) {
    if (!/ answered 5\d\d/.test(error.message) || ++statusFailures > 5) throw error;
    say(`retrying the job status after: ${error.message.slice(0, 160)}`);
    await sleep(1000);
    return { status: 'unknown' };
  }
}

async function finishedJob(jobId, timeoutMs) {
  const job = await until(`job ${jobId}`, timeoutMs, async () => {
    const status = await jobStatus(jobId);
    return status.status === 'completed' || status.status === 'error' ? status : undefined;
  });
  check(job.status === 'completed', `job ${jobId} completed (got ${JSON.stringify(job)})`);
  return job;
}

async function downloadCsv(fileUrl) {
  const response = await send(fileUrl, { headers: { authorization: `ApiKey ${token}` } });
  check(response.ok, `GET ${fileUrl} answered ${response.status}`);
  const text = (await response.text()).replace(/^\uFEFF/, '');
  return parse(text, { relax_column_count: false });
}

function docker(...args) {
  return execFileSync('docker', args, { encoding: 'utf8' }).trim();
}

const containerState = () =>
  docker('inspect', '-f', '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}', workerContainer);

/** Field labels by field id, as the explore describes them (the CSV header uses them). */
async function fieldLabels(projectUuid, exploreId) {
  const explore = await call('GET', `/api/v1/projects/${projectUuid}/explores/${exploreId}`);
  const labels = new Map();
  for (const table of Object.values(explore.tables)) {
    for (const field of [...Object.values(table.dimensions), ...Object.values(table.metrics)]) {
      labels.set(`${field.table}_${field.name}`, field.label);
    }
  }
  return labels;
}

async function createDemoProject() {
  const created = await call('POST', '/api/v1/org/projects', {
    name: 'Demo shop',
    type: 'DEFAULT',
    transformVersion: 'v1.7',
    warehouseConnection: { type: 'duckdb', path: 'warehouses/demo.duckdb' },
    transformConnection: { type: 'transform', project_dir: 'projects/demo-shop' },
  });
  const { projectUuid, compile } = created.project;
  const compiled = await finishedJob(compile.jobId, 120_000);
  say(`project ${projectUuid} compiled by the worker container: ${JSON.stringify(compiled.details)}`);
  const explores = (await call('GET', `/api/v1/projects/${projectUuid}/explores`)).map((explore) => explore.name);
  check(explores.includes('orders') && explores.includes('events'), `the demo explores are listed (got ${explores.join(', ')})`);
  return projectUuid;
}

async function queryCount(projectUuid, exploreId, metric) {
  const result = await call('POST', `/api/v1/projects/${projectUuid}/explores/${exploreId}/runQuery`, {
    exploreName: exploreId,
    dimensions: [],
    metrics: [metric],
    filters: {},
    sorts: [],
    limit: 1,
    tableCalculations: [],
  });
  check(result.rows.length === 1, `runQuery on ${exploreId} returned one row`);
  return Number(result.rows[0][metric].value.raw);
}

async function startExport(projectUuid, exploreId, dimensions, csvLimit, customDimensions = []) {
  const started = await call('POST', `/api/v1/projects/${projectUuid}/explores/${exploreId}/downloadCsv`, {
    exploreName: exploreId,
    dimensions: [...dimensions, ...customDimensions.map((custom) => custom.id)],
    customDimensions,
    metrics: [],
    filters: {},
    sorts: [{ fieldId: dimensions[0], descending: false }],
    limit: 500,
    tableCalculations: [],
    onlyRaw: true,
    csvLimit,
    showTableNames: false,
    columnOrder: [...dimensions, ...customDimensions.map((custom) => custom.id)],
  });
  return started.jobId;
}

async function queryAndSmallExport(projectUuid) {
  const orders = await queryCount(projectUuid, 'orders', 'orders_order_count');
  // libs/demo-data: the warehouse holds 100,000 orders per unit of scale.
  check(orders === 100_000 * demoScale, `runQuery counts ${100_000 * demoScale} orders (got ${orders})`);
  say(`runQuery: ${orders} orders`);

  const dimensions = ['orders_order_id', 'orders_status'];
  const jobId = await startExport(projectUuid, 'orders', dimensions, 1000);
  const job = await finishedJob(jobId, 120_000);
  const [header, ...rows] = await downloadCsv(job.details.fileUrl);
  const labels = await fieldLabels(projectUuid, 'orders');
  const expected = dimensions.map((id) => labels.get(id));
  check(JSON.stringify(header) === JSON.stringify(expected), `CSV header ${JSON.stringify(header)} is ${JSON.stringify(expected)}`);
  check(rows.length === 1000, `the CSV holds 1000 rows (got ${rows.length})`);
  check(
    rows.every((row) => row.length === 2 && row[0] !== ''),
    'every CSV row has an order id and a status',
  );
  say(`CSV export: ${job.details.fileUrl} read back, header ${JSON.stringify(header)}, ${rows.length} rows`);
}

// A native export (DuckDB's COPY in the worker) reports no rows until it ends, and writes the demo's
// events in a second or two: this column costs DuckDB an MD5 of a few kilobytes per row (and adds
// nothing to the cell), so the export runs for several seconds, long enough to be killed in.
const SLOW_COLUMN = {
  id: 'slow',
  name: 'Slow',
  table: 'events',
  type: 'sql',
  sql: '${events.event_type} || left(md5(repeat(${events.page_path}, 100)), 0)',
  dimensionType: 'string',
};

async function exportSurvivesWorkerKill(projectUuid) {
  const expectedRows = await queryCount(projectUuid, 'events', 'events_event_count');
  const dimensions = [
    'events_event_id',
    'events_event_type',
    'events_platform',
    'events_device_type',
    'events_traffic_source',
    'events_page_path',
  ];
  const jobId = await startExport(projectUuid, 'events', dimensions, null, [SLOW_COLUMN]);
  await until('the worker to start the large export', 180_000, async () => {
    const status = await jobStatus(jobId);
    check(status.status !== 'completed', 'the large export is still running when the worker is killed (raise DEMO_SCALE)');
    return status.status === 'started' ? status : undefined;
  });
  await sleep(2_000);
  const running = await jobStatus(jobId);
  check(
    running.status === 'started',
    `the large export is still running when the worker is killed (got ${running.status}; raise DEMO_SCALE)`,
  );
  docker('kill', workerContainer);
  say(`killed the worker container mid-export (job ${running.status} for 2 s, ${expectedRows} rows to write)`);

  // No worker runs while the job's lock lasts: the job must not be reported complete.
  await sleep((EXPORT_LOCK_SECONDS + 2) * 1000);
  const whileDown = await jobStatus(jobId);
  check(whileDown.status !== 'completed', `the export is not complete while the worker is down (got ${whileDown.status})`);
  say(`after ${EXPORT_LOCK_SECONDS + 2} s: worker ${containerState()}, job ${whileDown.status}`);

  docker('start', workerContainer);
  await until('the worker container to run again', 60_000, async () => containerState().startsWith('running'));
  say(`worker container started again: ${containerState()}`);
  const job = await finishedJob(jobId, 600_000);
  say(`worker container after the export: ${containerState()}`);
  const labels = await fieldLabels(projectUuid, 'events');
  const [header, ...rows] = await downloadCsv(job.details.fileUrl);
  check(
    JSON.stringify(header) === JSON.stringify([...dimensions.map((id) => labels.get(id)), SLOW_COLUMN.name]),
    `the large CSV's header is the events labels (got ${JSON.stringify(header)})`,
  );
  check(rows.length === expectedRows, `the large CSV holds every event once: ${expectedRows} rows (got ${rows.length})`);
  check(new Set(rows.map((row) => row[0])).size === rows.length, 'no event id appears twice in the large CSV');
  say(`the export completed after the restart: ${rows.length} rows, each event once`);
}

const projectUuid = await createDemoProject();
await queryAndSmallExport(projectUuid);
await exportSurvivesWorkerKill(projectUuid);
say('all checks passed');
