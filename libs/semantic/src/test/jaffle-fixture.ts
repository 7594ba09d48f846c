import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The jaffle-shop fixture, kept in the repository: libs/testing/fixtures/jaffle-shop. */
export const JAFFLE_FIXTURE_DIR = join(__dirname, '../../../testing/fixtures/jaffle-shop');

export function readJaffleManifest(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(JAFFLE_FIXTURE_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
}

/** One field of reference-explores.json. */
export type ReferenceField = Record<string, unknown> & { id: string; fieldType: 'dimension' | 'metric' };

/** One explore of reference-explores.json: what the reference implementation built from the manifest. */
export interface ReferenceExplore {
  name: string;
  label: string;
  baseTable: string;
  joinedTables: Array<{ table: string; sqlOn: string; compiledSqlOn: string; type: string | null }>;
  tables: Array<{ name: string; label: string; sqlTable: string; sqlWhere?: string; uncompiledSqlWhere?: string }>;
  fields: ReferenceField[];
}

export function readReferenceExplores(): ReferenceExplore[] {
  return JSON.parse(readFileSync(join(JAFFLE_FIXTURE_DIR, 'reference-explores.json'), 'utf8')) as ReferenceExplore[];
}
