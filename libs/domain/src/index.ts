export * from './auth/actions';
export * from './auth/principal';
export * from './auth/roles';
export * from './errors/quarry-error';
