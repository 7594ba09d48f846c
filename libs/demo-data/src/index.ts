export {
  DEMO_CATALOG,
  DEMO_DEFAULT_LAST_DAY,
  DEMO_DUCKDB_FILE_NAME,
  DEMO_HISTORY_YEARS,
  DEMO_MAX_SCALE,
  DEMO_PROJECT_NAME,
  DEMO_SCHEMA,
  DEMO_TABLES,
  type DemoTableName,
} from './demo-constants';
export { demoProjectDirectory } from './demo-project-directory';
export { type DemoSummary, generateDemoWarehouse, type GenerateDemoWarehouseOptions } from './generate-demo-warehouse';
export { type DemoPlan, planDemo } from './generation/demo-plan';
