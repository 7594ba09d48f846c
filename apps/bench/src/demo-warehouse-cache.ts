import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { DEMO_DUCKDB_FILE_NAME, type DemoSummary, generateDemoWarehouse } from '@quarry/demo-data';
import { workspaceRoot } from '@quarry/testing';

export interface CachedWarehouse {
  /** The cached `demo.duckdb`; link or copy it, never open it for writing. */
  file: string;
  summary: DemoSummary;
  /** True when this run generated it. */
  generated: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)]))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .sort();
}

/** A fingerprint of the generator's sources: a cached file from another generator version is not reused. */
function generatorFingerprint(root: string): string {
  const libSrc = join(root, 'libs/demo-data/src');
  const hash = createHash('sha256');
  for (const file of sourceFiles(libSrc)) hash.update(relative(libSrc, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/**
 * The demo warehouse at `scale`, generated once into `tmp/bench/warehouses/scale-<scale>-<fingerprint>/`
 * and reused by later runs. Folders of the same scale from older generator versions are removed.
 */
export async function cachedDemoWarehouse(scale: number, regenerate: boolean, say: (line: string) => void): Promise<CachedWarehouse> {
  const root = workspaceRoot();
  const warehouses = join(root, 'tmp/bench/warehouses');
  const key = `scale-${scale}-${generatorFingerprint(root)}`;
  const dir = join(warehouses, key);
  const file = join(dir, DEMO_DUCKDB_FILE_NAME);
  const summaryFile = join(dir, 'summary.json');

  if (!regenerate && existsSync(file) && existsSync(summaryFile)) {
    say(`Reusing the demo warehouse at scale ${scale}: ${relative(root, file)}`);
    return { file, summary: JSON.parse(readFileSync(summaryFile, 'utf8')) as DemoSummary, generated: false };
  }

  if (existsSync(warehouses)) {
    for (const stale of readdirSync(warehouses).filter((name) => name.startsWith(`scale-${scale}-`) && name !== key)) {
      rmSync(join(warehouses, stale), { recursive: true, force: true });
    }
  }
  rmSync(summaryFile, { force: true });
  say(`Generating the demo warehouse at scale ${scale} (cached for later runs)…`);
  const summary = await generateDemoWarehouse({ file, scale, onStep: (label) => say(`  ${label}`) });
  writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);
  say(`Generated in ${(summary.durationMs / 1000).toFixed(1)} s, ${(summary.fileSizeBytes / 1e6).toFixed(0)} MB.`);
  return { file, summary, generated: true };
}
