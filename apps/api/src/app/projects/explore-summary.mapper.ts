import type { ExploreSummaryDto } from './projects.dto';

interface StoredExplore {
  name: string;
  label: string;
  tags?: string[];
  groupLabel?: string | null;
  baseTable: string;
  tables: Record<string, { database: string; schema: string; description?: string }>;
  errors?: Array<Record<string, unknown>>;
  type?: string;
}

export function toExploreSummary(stored: Record<string, unknown>): ExploreSummaryDto {
  const explore = stored as unknown as StoredExplore;
  const base = explore.tables?.[explore.baseTable];
  return {
    name: explore.name,
    label: explore.label,
    // The reference's ExploreType: every explore Quarry builds comes from a model of the transform project.
    type: explore.type ?? 'default',
    tags: explore.tags ?? [],
    groupLabel: explore.groupLabel ?? null,
    description: base?.description,
    databaseName: base?.database ?? '',
    schemaName: base?.schema ?? '',
    ...(explore.errors?.length ? { errors: explore.errors } : {}),
  };
}
