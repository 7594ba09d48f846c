export * from './api-key.guard';
export * from './auth.module';
export * from './organization-users.service';
export * from './organizations.service';
export * from './personal-access-tokens.service';
export * from './policy.service';
export * from './token-secret';
