// Warehouse adapters: built by the projects issue. Pure: no NestJS, no TypeORM.
export {};
