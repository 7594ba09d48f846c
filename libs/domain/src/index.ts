export * from './auth/actions';
export * from './auth/principal';
export * from './auth/roles';
export * from './errors/quarry-error';
export * from './warehouse/catalog';
export * from './warehouse/warehouse-type';
