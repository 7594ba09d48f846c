import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from './processes';

export type MatrixRole = 'viewer' | 'interactive_viewer' | 'editor' | 'developer' | 'admin';
export const MATRIX_ROLES: MatrixRole[] = ['viewer', 'interactive_viewer', 'editor', 'developer', 'admin'];

/** One row of the README's role matrix: what a request carries, and whether each role may send it. */
export interface MatrixRow {
  request: string;
  allowed: Record<MatrixRole, boolean>;
}

const HEADING = '### Role matrix';
const HEADER = ['Request', 'viewer', 'interactive viewer', 'editor', 'developer', 'admin'];

/**
 * The role matrix as the README states it (the table under "### Role matrix"): the test walks
 * the document users read, so the two cannot drift apart.
 */
export function readmeRoleMatrix(readme = readFileSync(join(ROOT, 'README.md'), 'utf8')): MatrixRow[] {
  const start = readme.indexOf(`\n${HEADING}\n`);
  if (start === -1) throw new Error(`README.md has no "${HEADING}" section`);
  const lines = readme.slice(start + HEADING.length + 2).split('\n');
  const table = lines.slice(lines.findIndex((line) => line.startsWith('|')));
  const end = table.findIndex((line) => !line.startsWith('|'));
  const rows = (end === -1 ? table : table.slice(0, end)).map(cellsOf);
  const [header, , ...body] = rows;
  if (JSON.stringify(header) !== JSON.stringify(HEADER))
    throw new Error(`The role matrix's header must be ${HEADER.join(' | ')}, not ${header?.join(' | ')}`);
  return body.map((cells) => {
    const [request, ...marks] = cells;
    if (!request || marks.length !== MATRIX_ROLES.length)
      throw new Error(`A role matrix row needs ${HEADER.length} cells: ${cells.join(' | ')}`);
    const allowed = {} as Record<MatrixRole, boolean>;
    MATRIX_ROLES.forEach((role, index) => {
      const mark = marks[index];
      if (mark !== '✓' && mark !== '✗') throw new Error(`Role matrix cell "${mark}" (${request}, ${role}) must be ✓ or ✗`);
      allowed[role] = mark === '✓';
    });
    return { request, allowed };
  });
}

function cellsOf(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}
