import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

import * as ts from 'typescript';

/** Every .ts source file under `dir` (specs excluded: they import what they test, never the reverse). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The files of this app a file imports, type-only imports included: a circle of types is still a circle of modules. */
function localImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier))
    .map((target) => [`${target}.ts`, join(target, 'index.ts')].find((candidate) => existsSync(candidate)))
    .filter((target): target is string => target !== undefined);
}

/** The import circles among `files`, each as the path that closes it (a → b → a). */
function importCycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, localImports(file)]));
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, path: string[]) => {
    const seenAt = path.indexOf(file);
    if (seenAt >= 0) return void cycles.push([...path.slice(seenAt), file]);
    if (done.has(file)) return;
    for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
    done.add(file);
  };
  for (const file of files) visit(file, []);
  return cycles;
}

describe('apps/worker imports', () => {
  it('form no circle', () => {
    const root = __dirname;
    const cycles = importCycles(sourceFiles(root)).map((cycle) => cycle.map((file) => relative(root, file)).join(' → '));
    expect(cycles).toEqual([]);
  });

  it('are checked by a check that finds a circle, type-only imports included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      writeFileSync(join(dir, 'registry.ts'), "import { Processor } from './processor';\nexport const registry = Processor;\n");
      writeFileSync(join(dir, 'processor.ts'), "import type { Runner } from './runner';\nexport class Processor { runner?: Runner; }\n");
      writeFileSync(join(dir, 'runner.ts'), "import { registry } from './registry';\nexport class Runner { registry = registry; }\n");
      writeFileSync(join(dir, 'alone.ts'), "import { registry } from './registry';\nexport const alone = registry;\n");
      const cycles = importCycles(sourceFiles(dir)).map((cycle) => cycle.map((file) => relative(dir, file)).join(' → '));
      expect(cycles).toEqual(['registry.ts → processor.ts → runner.ts → registry.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
