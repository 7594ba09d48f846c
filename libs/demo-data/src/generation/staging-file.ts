import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A fresh path next to `target` to build the database in, so the finished file can be moved into
 * place with one atomic rename (same directory, same file system) and nobody ever opens a
 * half-written demo. Hidden and clearly named, so a leftover after a crash is recognisable.
 */
export function stagingPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.generating-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** DuckDB's write-ahead log for a database file. */
export function writeAheadLogOf(file: string): string {
  return `${file}.wal`;
}

/** Removes a database file, its write-ahead log and its spill directory; missing ones are fine. */
export async function removeDuckDbFile(file: string): Promise<void> {
  for (const path of [file, writeAheadLogOf(file), `${file}.tmp`]) {
    await rm(path, { recursive: true, force: true });
  }
}
