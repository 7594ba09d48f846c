// Explores from a transform (dbt) project: built by the projects issue. Pure: no NestJS, no TypeORM.
export {};
