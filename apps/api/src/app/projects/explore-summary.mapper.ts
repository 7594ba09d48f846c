import { type AnyExplore, isExploreError } from '@quarry/domain';

import type { ExploreSummaryDto } from './projects.dto';

export function toExploreSummary(explore: AnyExplore): ExploreSummaryDto {
  // An explore that failed to compile has no tables: its summary says why instead.
  const base = isExploreError(explore) ? undefined : explore.tables[explore.baseTable];
  return {
    name: explore.name,
    label: explore.label,
    // The reference's ExploreType: every explore Quarry builds comes from a model of the transform project.
    type: 'default',
    tags: explore.tags ?? [],
    groupLabel: explore.groupLabel ?? null,
    description: base?.description,
    databaseName: base?.database ?? '',
    schemaName: base?.schema ?? '',
    ...(explore.errors?.length ? { errors: explore.errors } : {}),
  };
}
