import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { demoProjectDirectory } from '@quarry/demo-data';
import { parse, stringify } from 'yaml';

/** Removes `refresh` from every pre-aggregate found anywhere in a parsed YAML value; true when one was. */
function dropRefresh(value: unknown): boolean {
  if (Array.isArray(value)) return value.map(dropRefresh).some(Boolean);
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  let dropped = false;
  const preAggregates = record['pre_aggregates'];
  if (Array.isArray(preAggregates)) {
    for (const definition of preAggregates) {
      if (definition !== null && typeof definition === 'object' && 'refresh' in definition) {
        delete (definition as Record<string, unknown>)['refresh'];
        dropped = true;
      }
    }
  }
  return Object.values(record).map(dropRefresh).some(Boolean) || dropped;
}

function yamlFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? yamlFiles(join(directory, entry.name)) : /\.ya?ml$/.test(entry.name) ? [join(directory, entry.name)] : [],
  );
}

/**
 * The demo project copied to `target` for the bench, without its pre-aggregates' refresh crons:
 * a scheduled build (the demo's run at :00 and :15) would otherwise run on whichever worker is
 * being measured then. Their rollups are still built once, after the compile.
 */
export function copyDemoProjectWithoutCrons(target: string): void {
  cpSync(demoProjectDirectory(), target, { recursive: true });
  for (const file of yamlFiles(target)) {
    const parsed: unknown = parse(readFileSync(file, 'utf8'));
    if (dropRefresh(parsed)) writeFileSync(file, stringify(parsed));
  }
}
