// Writes Quarry's demo into a folder laid out like an organization's folder of DATA_DIR
// (DATA_DIR/organizations/<organizationUuid>), for copying into the containers' DATA_DIR volume:
// warehouses/demo.duckdb (generated at DEMO_SCALE) and projects/demo-shop (the demo's YAML
// project) — the paths `npm start` uses, relative to the organization's folder. Run from the repository root, on the
// TypeScript sources:
//   TS_NODE_PROJECT=tsconfig.base.json TS_NODE_TRANSPILE_ONLY=true \
//     node -r ts-node/register -r tsconfig-paths/register tools/containers/seed-demo.cjs <folder> <scale>
'use strict';
const { cpSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const { DEMO_DUCKDB_FILE_NAME, demoProjectDirectory, generateDemoWarehouse } = require('@quarry/demo-data');

async function main([folder, scale]) {
  if (!folder || !scale) throw new Error('usage: seed-demo.cjs <folder> <scale>');
  mkdirSync(join(folder, 'warehouses'), { recursive: true });
  const summary = await generateDemoWarehouse({ file: join(folder, 'warehouses', DEMO_DUCKDB_FILE_NAME), scale: Number(scale) });
  cpSync(demoProjectDirectory(), join(folder, 'projects', 'demo-shop'), { recursive: true });
  process.stdout.write(`demo at scale ${scale}: ${JSON.stringify(summary.rowCounts)}\n`);
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
