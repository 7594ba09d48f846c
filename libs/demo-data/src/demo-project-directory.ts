import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Where the demo project may sit relative to some ancestor directory: in the source tree, or
 * copied next to a built app as an asset named `demo-project` (for images without sources).
 */
const PROJECT_LOCATIONS = [join('libs', 'demo-data', 'project'), 'demo-project'];
const MARKER_FILE = 'dbt_project.yml';

/**
 * The absolute path of the demo's YAML project (the folder holding `dbt_project.yml`).
 *
 * Found by walking up from each start directory: by default this module's directory (sources
 * under ts-jest, `dist/apps/<app>` inside a webpack bundle), the running script's directory and
 * the working directory. Throws, naming every directory tried, when none has it.
 */
export function demoProjectDirectory(startDirectories: readonly string[] = defaultStartDirectories()): string {
  const tried: string[] = [];
  for (const start of startDirectories) {
    for (const directory of selfAndAncestors(resolve(start))) {
      for (const location of PROJECT_LOCATIONS) {
        const candidate = join(directory, location);
        if (existsSync(join(candidate, MARKER_FILE))) return candidate;
      }
      tried.push(directory);
    }
  }
  throw new Error(
    `Cannot find the demo project (${PROJECT_LOCATIONS.map((location) => join(location, MARKER_FILE)).join(' or ')}) ` +
      `in any of: ${[...new Set(tried)].join(', ')}`,
  );
}

function defaultStartDirectories(): string[] {
  const script = process.argv[1];
  return [__dirname, ...(script ? [dirname(script)] : []), process.cwd()];
}

function selfAndAncestors(directory: string): string[] {
  const chain = [directory];
  for (let parent = dirname(directory); parent !== chain[chain.length - 1]; parent = dirname(parent)) {
    chain.push(parent);
  }
  return chain;
}
