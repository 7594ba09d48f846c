import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findUp(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The repository root (the folder holding `nx.json`), found by walking up from this module and
 * then from the working directory, so it is right both from sources (jest) and from a bundle in dist/.
 */
export function workspaceRoot(): string {
  const root = findUp(__dirname) ?? findUp(process.cwd());
  if (!root) throw new Error('Could not find the workspace root (no nx.json above this module or the working directory)');
  return root;
}
