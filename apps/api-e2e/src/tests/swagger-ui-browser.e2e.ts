import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { type Browser, chromium } from 'playwright-core';

import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../support/jaffle-projects';
import { ROOT } from '../support/processes';
import { sharedQuarry } from '../support/shared-quarry';
import { ORDERS_BY_STATUS } from '../support/valid-bodies';

const { baseUrl, adminToken } = sharedQuarry();
// Debian's chromium package (`.ci/run` installs it); CHROMIUM_PATH points elsewhere if needed.
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const SCREENSHOT_DIR = join(ROOT, 'test-output/api-e2e');

const chromiumPresent = existsSync(CHROMIUM);
if (!chromiumPresent)
  console.warn(
    `Skipping the Swagger UI browser test: no Chromium at ${CHROMIUM} (install Debian's chromium package, or set CHROMIUM_PATH)`,
  );
const describeWithChromium = chromiumPresent ? describe : describe.skip;

describeWithChromium('Swagger UI in a real browser', () => {
  let browser: Browser;
  let projectUuid: string;

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.duckdb);
    // Root in CI containers: Chromium's sandbox needs user namespaces it does not get there.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('authorizes with a token and runs runQuery through "Try it out", showing rows', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 2000 } });
    await page.goto(`${baseUrl}/api/docs`);
    await page
      .getByRole('button', { name: /Authorize/ })
      .first()
      .click();
    const dialog = page.locator('.dialog-ux');
    await dialog.locator('input[type="text"], input[type="password"]').first().fill(adminToken);
    await dialog.getByRole('button', { name: 'Apply credentials' }).click();
    await expect(dialog.getByRole('button', { name: 'Remove authorization' }).isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const operation = page.locator('#operations-Queries-Query_runQuery');
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.locator('tr[data-param-name="projectUuid"] input').fill(projectUuid);
    await operation.locator('tr[data-param-name="exploreId"] input').fill('orders');
    const query = ORDERS_BY_STATUS;
    await operation.locator('textarea.body-param__text').fill(JSON.stringify(query, null, 2));
    const answered = page.waitForResponse((response) => response.url().endsWith('/explores/orders/runQuery'));
    await operation.getByRole('button', { name: 'Execute' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    // What the page shows: the live response, with its rows.
    const shown = operation
      .locator('.live-responses-table .response-col_description .microlight, .live-responses-table .response-col_description pre')
      .first();
    await shown.waitFor();
    const body = JSON.parse((await shown.textContent()) ?? '') as {
      status: string;
      results: { rows: Array<Record<string, { value: { raw: unknown } }>> };
    };
    expect(body.status).toBe('ok');
    expect(body.results.rows.map((row) => row['orders_status']?.value.raw)).toEqual([
      'completed',
      'placed',
      'return_pending',
      'returned',
      'shipped',
    ]);
    await expect(operation.locator('.live-responses-table').textContent()).resolves.toContain('orders_unique_order_count');

    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const screenshot = join(SCREENSHOT_DIR, 'swagger-ui-run-query.png');
    await operation.screenshot({ path: screenshot });
    expect(existsSync(screenshot)).toBe(true);
  }, 60_000);
});
