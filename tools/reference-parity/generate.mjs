#!/usr/bin/env node
// Golden field SQL of the reference (Lightdash) per warehouse kind, from the jaffle manifest (issue 32).
//
// The reference packages are heavy and stay out of the repository: install them elsewhere, then run
// this from the repository root with the fixture loaded in the local PostgreSQL (npm test's globalSetup
// or `node libs/testing/fixtures/jaffle-shop/materialize.mjs postgres`):
//
//   mkdir /tmp/ld && cd /tmp/ld && npm init -y && npm install @lightdash/common @lightdash/warehouses
//   node tools/reference-parity/generate.mjs /tmp/ld > libs/compiler/src/test/reference-parity/reference-field-sql.json
//
// The registry may hold no @lightdash/common of the version @lightdash/warehouses pins; then pin the
// newest published one with `"overrides": {"@lightdash/common": "<version>"}` in /tmp/ld/package.json
// (as this golden was made: the versions used are recorded in it).
//
// It builds the explores the way the reference's project adapter does: models from the manifest,
// column types from the warehouse catalog (the reference's own PostgreSQL client reads them from the
// local fixture), then convertExplores with each warehouse kind's SQL builder.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const referenceDir = resolve(process.argv[2] ?? '/tmp/ld');
const requireReference = createRequire(join(referenceDir, 'package.json'));
const common = requireReference('@lightdash/common');
const warehouses = requireReference('@lightdash/warehouses');
const versionOf = (name) => JSON.parse(readFileSync(requireReference.resolve(`${name}/package.json`), 'utf8')).version;

const ADAPTERS = ['postgres', 'redshift', 'snowflake', 'bigquery', 'databricks', 'trino', 'clickhouse'];
const manifestPath = 'libs/testing/fixtures/jaffle-shop/manifest.json';
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const models = common.getModelsFromManifest(manifest).filter((model) => model.resource_type === 'model');
const catalogClient = new warehouses.PostgresWarehouseClient({
  type: 'postgres',
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: 'postgres',
  password: '',
  dbname: 'postgres',
  schema: 'jaffle',
  sslmode: 'disable',
});
const catalog = await catalogClient.getCatalog(common.getSchemaStructureFromDbtModels(models));
const typedModels = common.attachTypesToModels(models, catalog, true, true);

const golden = {
  generatedBy: 'tools/reference-parity/generate.mjs',
  manifest: manifestPath,
  packages: { '@lightdash/common': versionOf('@lightdash/common'), '@lightdash/warehouses': versionOf('@lightdash/warehouses') },
  adapters: {},
};
for (const adapter of ADAPTERS) {
  const builder = warehouses.warehouseSqlBuilderFromType(adapter);
  const explores = await common.convertExplores(typedModels, false, adapter, builder, {
    spotlight: { default_visibility: 'show', categories: {} },
  });
  const fields = {};
  for (const explore of explores.filter((candidate) => !('errors' in candidate)).sort((a, b) => a.name.localeCompare(b.name))) {
    const table = explore.tables[explore.baseTable];
    for (const field of [...Object.values(table.dimensions), ...Object.values(table.metrics)]) {
      fields[`${explore.name}.${common.getItemId(field)}`] = field.compiledSql;
    }
  }
  golden.adapters[adapter] = fields;
}
process.stdout.write(`${JSON.stringify(golden, null, 2)}\n`);
