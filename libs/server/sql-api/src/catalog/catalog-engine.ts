import { createHash } from 'node:crypto';

import { PGlite } from '@electric-sql/pglite';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { SqlCatalog } from '@quarry/sql-api';

import { splitMessages } from '../wire/backend-messages';
import { frontend } from '../wire/frontend-builders';
import { catalogDdl } from './catalog-ddl';

/** Catalogs kept ready: each is an in-process PostgreSQL (PGlite) of a few hundred MB at most. */
const KEPT_CATALOGS = 4;

interface CatalogDatabase {
  ready: Promise<PGlite>;
  /** Runs are serialised: each is a transaction of its own. */
  queue: Promise<unknown>;
}

const BEGIN = frontend.query('BEGIN READ ONLY');
const ROLLBACK = frontend.query('ROLLBACK');

/**
 * Answers catalog queries (pg_catalog, information_schema, version(), …) from a real PostgreSQL
 * (PGlite, in-process) holding one empty table per explore the caller may see, so every client's
 * introspection works as against PostgreSQL. One database per distinct catalog (a project as seen
 * by one visibility), never shared between catalogs: no other tenant's names are in it. Each client
 * statement runs in a read-only transaction that is rolled back, so nothing a client does stays.
 */
@Injectable()
export class CatalogEngine implements OnModuleDestroy {
  private readonly databases = new Map<string, CatalogDatabase>();
  private templateDump: Promise<File | Blob> | undefined;

  /**
   * Runs raw frontend messages (a Query, or Parse/Bind/Describe/Execute/Sync) against the catalog's
   * database and returns its backend messages, without ReadyForQuery.
   */
  async run(catalog: SqlCatalog, messages: Buffer): Promise<Array<{ code: string; message: Buffer }>> {
    const database = this.database(catalog);
    const run = database.queue.then(async () => {
      const db = await database.ready;
      await db.execProtocolRaw(BEGIN);
      try {
        return splitMessages(Buffer.from(await db.execProtocolRaw(messages))).filter((message) => message.code !== 'Z');
      } finally {
        await db.execProtocolRaw(ROLLBACK);
      }
    });
    database.queue = run.catch(() => undefined);
    return run;
  }

  private database(catalog: SqlCatalog): CatalogDatabase {
    const key = createHash('sha256').update(JSON.stringify(catalog)).digest('hex');
    const found = this.databases.get(key);
    if (found) {
      // Most recently used last.
      this.databases.delete(key);
      this.databases.set(key, found);
      return found;
    }
    const created: CatalogDatabase = { ready: this.open(catalog), queue: Promise.resolve() };
    this.databases.set(key, created);
    if (this.databases.size > KEPT_CATALOGS) {
      const [oldestKey, oldest] = this.databases.entries().next().value as [string, CatalogDatabase];
      this.databases.delete(oldestKey);
      void oldest.queue
        .then(() => oldest.ready)
        .then(
          (db) => db.close(),
          () => undefined,
        );
    }
    created.ready.catch(() => this.databases.get(key) === created && this.databases.delete(key));
    return created;
  }

  private async open(catalog: SqlCatalog): Promise<PGlite> {
    const db = await PGlite.create({ loadDataDir: await this.template() });
    await db.exec(catalogDdl(catalog));
    return db;
  }

  /** An initialised, empty data directory, made once: databases start from it instead of running initdb each. */
  private template(): Promise<File | Blob> {
    this.templateDump ??= (async () => {
      const db = await PGlite.create();
      try {
        return await db.dumpDataDir('none');
      } finally {
        await db.close();
      }
    })();
    this.templateDump.catch(() => (this.templateDump = undefined));
    return this.templateDump;
  }

  async onModuleDestroy(): Promise<void> {
    const databases = [...this.databases.values()];
    this.databases.clear();
    await Promise.all(
      databases.map((database) =>
        database.ready.then(
          (db) => db.close(),
          () => undefined,
        ),
      ),
    );
  }
}
