import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders that hold build output or installed packages, never the project's own sources. */
const SKIPPED_FOLDERS = new Set(['target', 'dbt_packages', 'dbt_modules', 'node_modules', 'logs', '.git']);
const PROJECT_FILE = /\.(ya?ml|sql)$/;

/**
 * The `{ relativePath: contents }` map `loadYamlProject` reads, built from a project folder on
 * disk: its YAML and SQL files, with forward-slash paths relative to `dir`.
 */
export function readYamlProjectFromDirectory(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) visit(path);
      } else if (entry.isFile() && PROJECT_FILE.test(entry.name)) {
        files[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'utf8');
      }
    }
  };
  visit(dir);
  return files;
}
