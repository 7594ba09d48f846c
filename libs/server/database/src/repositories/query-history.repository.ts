import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MetricQuery, PivotConfiguration, PivotDetails } from '@quarry/domain';
import type { Repository } from 'typeorm';

import { QueryHistoryEntity } from '../entities/query-history.entity';

export interface NewQueryHistory {
  queryUuid: string;
  projectUuid: string;
  createdByUserUuid: string;
  context: string | null;
  metricQuery: MetricQuery;
  pivotConfiguration: PivotConfiguration | null;
  cacheKey: string;
  /** Whether a pre-aggregate serves the query, or why not; null when it was not asked. */
  preAggregate: QueryHistoryEntity['preAggregate'];
}

export interface QueryOutcome {
  totalResults: number;
  columns: Record<string, unknown>;
  pivotDetails: PivotDetails | null;
  initialQueryExecutionMs: number;
}

/**
 * Makes the statement's own transaction commit without waiting for its WAL to be flushed to disk
 * (`synchronous_commit` off for that transaction only; the connection keeps its setting). A v2
 * query waits for its record to be written, and on a shared disk that flush is the slowest part of
 * the write. A record says how a query went; its rows live in Redis with a TTL. A PostgreSQL crash
 * may lose the last fraction of a second of such records (never corrupts them): those queries'
 * pages answer 404, as for a query that was never run, and the client runs them again.
 */
const COMMIT_WITHOUT_FLUSH = `SELECT set_config('synchronous_commit', 'off', true)`;

/**
 * Status changes are conditional on the query still being pending: a query cancelled while it
 * ran stays cancelled when its rows arrive, and a finished one cannot be cancelled.
 */
@Injectable()
export class QueryHistoryRepository {
  constructor(@InjectRepository(QueryHistoryEntity) private readonly history: Repository<QueryHistoryEntity>) {}

  async create(query: NewQueryHistory): Promise<void> {
    await this.history.query(
      `WITH commit_without_flush AS (${COMMIT_WITHOUT_FLUSH})
       INSERT INTO query_history
         (query_uuid, project_uuid, created_by_user_uuid, context, status, metric_query, pivot_configuration, cache_key, pre_aggregate)
       SELECT $1::uuid, $2::uuid, $3::uuid, $4::text, 'pending', $5::jsonb, $6::jsonb, $7::text, $8::jsonb ` + `FROM commit_without_flush`,
      [
        query.queryUuid,
        query.projectUuid,
        query.createdByUserUuid,
        query.context,
        JSON.stringify(query.metricQuery),
        query.pivotConfiguration === null ? null : JSON.stringify(query.pivotConfiguration),
        query.cacheKey,
        query.preAggregate === null ? null : JSON.stringify(query.preAggregate),
      ],
    );
  }

  findInProject(projectUuid: string, queryUuid: string): Promise<QueryHistoryEntity | null> {
    return this.history.findOneBy({ projectUuid, queryUuid });
  }

  /** True when the query was pending and is now ready. */
  async markReady(queryUuid: string, outcome: QueryOutcome): Promise<boolean> {
    const [, affected] = (await this.history.query(
      `UPDATE query_history
       SET status = 'ready', error = NULL, total_results = $2, columns = $3::jsonb, pivot_details = $4::jsonb, ` +
        `initial_query_execution_ms = $5, updated_at = now()
       FROM (${COMMIT_WITHOUT_FLUSH}) AS commit_without_flush
       WHERE query_uuid = $1 AND status = 'pending'`,
      [
        queryUuid,
        outcome.totalResults,
        JSON.stringify(outcome.columns),
        outcome.pivotDetails === null ? null : JSON.stringify(outcome.pivotDetails),
        outcome.initialQueryExecutionMs,
      ],
    )) as [unknown, number];
    return affected > 0;
  }

  async markError(queryUuid: string, error: string): Promise<boolean> {
    const result = await this.history.update({ queryUuid, status: 'pending' }, { status: 'error', error });
    return (result.affected ?? 0) > 0;
  }

  /** Removes records of queries run before `cutoff`; returns how many. */
  async deleteOlderThan(cutoff: Date): Promise<number> {
    const result = await this.history.createQueryBuilder().delete().where('created_at < :cutoff', { cutoff }).execute();
    return result.affected ?? 0;
  }

  /** True when the query was still pending (so there is a warehouse query to stop). */
  async markCancelled(queryUuid: string): Promise<boolean> {
    const result = await this.history.update({ queryUuid, status: 'pending' }, { status: 'cancelled' });
    return (result.affected ?? 0) > 0;
  }
}
