// Result value formatting: built by the query-core issue. Pure: no NestJS, no TypeORM.
export {};
