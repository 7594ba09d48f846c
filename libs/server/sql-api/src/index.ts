export * from './sql-api.module';
