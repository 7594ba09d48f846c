import { Injectable } from '@nestjs/common';
import { SavedChartsRepository } from '@quarry/server/database';

/** How many saved charts use each field of a project (field id → count). */
export interface ChartUsageSource {
  countByField(projectUuid: string): Promise<Map<string, number>>;
}

export const CHART_USAGE_SOURCE = Symbol('CHART_USAGE_SOURCE');

/** `chartUsage` from the saved charts: charts whose latest version selects the field. */
@Injectable()
export class SavedChartUsage implements ChartUsageSource {
  constructor(private readonly charts: SavedChartsRepository) {}

  countByField(projectUuid: string): Promise<Map<string, number>> {
    return this.charts.countFieldUsage(projectUuid);
  }
}
