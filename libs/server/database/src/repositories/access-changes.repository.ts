import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * What the access change log holds per scope, as one comparable text: rows and the sum of their
 * ids. A change committed since the last reading adds a row (so the text differs, whatever order
 * transactions commit in); pruning old rows changes it too, which only makes caches forget early.
 */
export type AccessChangeSummary = ReadonlyMap<string, string>;

/** The log the access tables' triggers write (migration AccessChangeLog1764600000000). */
@Injectable()
export class AccessChangesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async summary(): Promise<AccessChangeSummary> {
    const rows: Array<{ scope: string; rows: string; idSum: string }> = await this.dataSource.query(
      `SELECT scope, count(*)::text AS rows, sum(id)::text AS "idSum" FROM access_changes GROUP BY scope`,
    );
    return new Map(rows.map((row) => [row.scope, `${row.rows}:${row.idSum}`]));
  }

  /** Removes entries older than `ageMs`; returns how many went. */
  async prune(ageMs: number): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM access_changes WHERE changed_at < clock_timestamp() - $1 * interval '1 millisecond'`,
      [ageMs],
    );
    return result[1];
  }
}
