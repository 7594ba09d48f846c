export * from './expired-files';
export * from './maintenance.module';
export * from './maintenance.service';
export * from './maintenance-requests.service';
