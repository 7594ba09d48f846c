import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { startLocalS3 } from '@quarry/testing';
import { parse } from 'csv-parse/sync';

import { call } from '../support/api-client';
import { startApi } from '../support/environment';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { startApp, waitFor } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';

const shared = sharedQuarry();
const { adminToken } = shared;
const BUCKET = 'quarry-e2e-exports';

type Row = Record<string, { value: { raw: unknown; formatted: string } }>;

const query = {
  exploreName: 'orders',
  dimensions: ['orders_status', 'orders_order_date_month'],
  metrics: ['orders_total_order_amount'],
  filters: {},
  sorts: [
    { fieldId: 'orders_order_date_month', descending: false },
    { fieldId: 'orders_status', descending: false },
  ],
  limit: 500,
  tableCalculations: [],
};

async function finishedJob(url: string, jobId: string) {
  return waitFor(
    `job ${jobId}`,
    async () => {
      const status = await call(url, 'GET', `/api/v1/schedulers/job/${jobId}/status`, { token: adminToken });
      if (status.body.results?.status === 'error') throw new Error(JSON.stringify(status.body.results));
      return status.body.results?.status === 'completed' ? status.body.results : undefined;
    },
    60_000,
  );
}

describe('CSV exports (E6) to S3-compatible storage', () => {
  it('uploads the file to the bucket and answers a pre-signed fileUrl that downloads it; the maintenance job purges it once expired', async () => {
    const s3 = await startLocalS3(BUCKET);
    // An API and worker of this test's own (same database, own queue) with S3 configured.
    const env = { ...shared.env, QUEUE_PREFIX: `${shared.env['QUEUE_PREFIX']}-s3`, ...s3.env, S3_URL_EXPIRES_SECONDS: '900' };
    const { api, baseUrl: url } = await startApi(env);
    const worker = startApp('worker', env);
    try {
      const projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
      const rows: Row[] = (
        await call(url, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, { token: adminToken, body: query })
      ).body.results.rows;
      const started = await call(url, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/downloadCsv`, {
        token: adminToken,
        body: { ...query, columnOrder: [], showTableNames: false, onlyRaw: false, chartName: 'Orders on S3' },
      });
      expect(started.status).toBe(200);
      const { jobId } = started.body.results;
      const job = await finishedJob(url, jobId);

      const fileUrl = new URL(job.details.fileUrl);
      expect(`${fileUrl.origin}${fileUrl.pathname}`).toMatch(new RegExp(`^${s3.endpoint}/${BUCKET}/exports/${jobId}/[0-9a-f-]{36}$`));
      expect(fileUrl.searchParams.get('X-Amz-Expires')).toBe('900');
      expect(fileUrl.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(existsSync(join(shared.dataDir, 'files', 'exports', jobId))).toBe(false);

      // No token: the signature is the authorization.
      const response = await fetch(job.details.fileUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="csv-Orders_on_S3-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}-\d{4}\.csv"$/,
      );
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...body] = parse(bytes.toString('utf8'), { bom: true }) as string[][];
      expect(header).toEqual(['Total order amount', 'Status', 'Order date month']);
      expect(body).toEqual(
        rows.map((row) => [
          row['orders_total_order_amount']?.value.formatted,
          row['orders_status']?.value.formatted,
          row['orders_order_date_month']?.value.formatted,
        ]),
      );

      // Expire the object (s3rver reads LastModified from its file's mtime), then run the maintenance job.
      await s3.setLastModified(fileUrl.pathname.slice(`/${BUCKET}/`.length), new Date(Date.now() - 365 * 86_400_000));
      const purge = await call(url, 'POST', '/api/v1/org/maintenance/purge-expired', { token: adminToken });
      const purged = await finishedJob(url, purge.body.results.jobId);
      expect(purged.details.filesPurged).toBeGreaterThanOrEqual(1);
      expect(purged.details.bytesFreed).toBeGreaterThanOrEqual(bytes.length);
      expect((await fetch(job.details.fileUrl)).status).toBe(404);
    } finally {
      await worker.stop();
      await api.stop();
      await s3.close();
    }
  }, 120_000);
});
