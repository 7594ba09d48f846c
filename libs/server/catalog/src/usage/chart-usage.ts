import { Injectable } from '@nestjs/common';

/** How many saved charts use each field of a project (field id → count). */
export interface ChartUsageSource {
  countByField(projectUuid: string): Promise<Map<string, number>>;
}

export const CHART_USAGE_SOURCE = Symbol('CHART_USAGE_SOURCE');

/** Until saved charts exist, no chart uses any field: every `chartUsage` is 0. */
@Injectable()
export class NoSavedCharts implements ChartUsageSource {
  async countByField(): Promise<Map<string, number>> {
    return new Map();
  }
}
