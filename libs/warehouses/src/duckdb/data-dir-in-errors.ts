import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';

/** DATA_DIR as written and as the file system resolves it (DuckDB prints the real path of what it may read). */
function spellingsOf(dataDir: string): string[] {
  const written = resolve(dataDir);
  let real = written;
  try {
    real = realpathSync(written);
  } catch {
    // Not there: only the written form can appear.
  }
  // Longest first, so that a real path that extends the written one is replaced whole.
  return [...new Set([written, real])].sort((a, b) => b.length - a.length);
}

/**
 * The message with every absolute DATA_DIR path made relative (`DATA_DIR/…`): DuckDB errors name
 * the files a query tried or the directories it may use, and no caller learns where the server
 * keeps its data. Changes the error's message in place; returns the error.
 */
export function withoutDataDir<E>(error: E, dataDir: string): E {
  if (!(error instanceof Error)) return error;
  let message = error.message;
  for (const spelling of spellingsOf(dataDir)) message = message.split(spelling).join('DATA_DIR');
  if (message !== error.message) {
    error.message = message;
    if (error.stack) error.stack = `${error.name}: ${message}`;
  }
  return error;
}
