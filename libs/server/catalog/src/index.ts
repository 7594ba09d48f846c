export * from './access/attribute-access';
export * from './access/user-attributes';
export * from './catalog.module';
export * from './catalog.service';
export * from './catalog-entry';
export * from './indexing/build-catalog-index';
export * from './metrics-catalog-order';
export * from './usage/chart-usage';
