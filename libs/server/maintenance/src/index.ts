export * from './expired-files';
export * from './expired-sql-runner-results';
export * from './maintenance.module';
export * from './maintenance.service';
export * from './maintenance-requests.service';
