import { open } from 'node:fs/promises';

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const CHUNK = 64 * 1024;

/**
 * Where the last line of a CSV file starts — the file's length without that line. Each line ends
 * with \n; a \n inside a quoted cell is not a line end. Every quoted cell holds an even number of
 * quote characters (its two, plus its doubled ones) and an unquoted cell none, so, reading back
 * from the end, the first \n with an even number of quotes after it ends the line before the last.
 */
export async function lengthWithoutLastLine(path: string): Promise<number> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    // The last byte is the last line's own \n.
    let end = size - 1;
    let quotes = 0;
    const buffer = Buffer.alloc(CHUNK);
    while (end > 0) {
      const start = Math.max(0, end - CHUNK);
      const { bytesRead } = await file.read(buffer, 0, end - start, start);
      for (let index = bytesRead - 1; index >= 0; index -= 1) {
        const byte = buffer[index];
        if (byte === QUOTE) quotes += 1;
        else if (byte === NEWLINE && quotes % 2 === 0) return start + index + 1;
      }
      end = start;
    }
    return 0;
  } finally {
    await file.close();
  }
}
