export * from './csv-export.service';
export * from './export-file-name';
export * from './export-files';
export * from './export-limits';
export * from './export-requests.service';
export * from './exports.module';
export * from './sheet-export.service';
export * from './sheets';
