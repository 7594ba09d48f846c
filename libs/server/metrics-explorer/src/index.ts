export * from './explorer-queries';
export * from './metrics-explorer.module';
export * from './metrics-explorer.service';
export * from './series-points';
export * from './time-grain';
