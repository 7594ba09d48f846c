import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { DashboardsRepository } from './dashboards.repository';
import { SavedChartsRepository } from './saved-charts.repository';
import { SpacesRepository } from './spaces.repository';

/** The content repositories, bound to one transaction. */
export interface ContentWrites {
  spaces: SpacesRepository;
  charts: SavedChartsRepository;
  dashboards: DashboardsRepository;
}

/**
 * Runs several content writes as one transaction: everything `work` writes through the
 * repositories it is given commits together, or nothing does when it throws (e.g. a promotion
 * that creates spaces, charts and a dashboard). Reads through them see the transaction's own writes.
 */
@Injectable()
export class ContentTransactions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  run<T>(work: (writes: ContentWrites) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) =>
      work({
        spaces: new SpacesRepository(manager),
        charts: new SavedChartsRepository(manager),
        dashboards: new DashboardsRepository(manager),
      }),
    );
  }
}
