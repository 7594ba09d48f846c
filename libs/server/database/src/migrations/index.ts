import { Foundation1763800000000 } from './1763800000000-foundation';

/** Every migration, oldest first. Migrations are explicit SQL; schema sync is never used. */
export const MIGRATIONS = [Foundation1763800000000];
