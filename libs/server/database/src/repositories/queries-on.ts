import type { DataSource, EntityManager } from 'typeorm';

/**
 * Where a repository runs its queries: the pool (a `DataSource`, as Nest injects it), or the
 * connection of one transaction (an `EntityManager` handed out by `ContentTransactions`). Bound to a
 * transaction, a repository's own multi-statement writes become savepoints of it, so they commit or
 * roll back with everything else the transaction does.
 */
export type QueriesOn = DataSource | EntityManager;

export function managerOf(source: QueriesOn): EntityManager {
  return 'manager' in source ? source.manager : source;
}
