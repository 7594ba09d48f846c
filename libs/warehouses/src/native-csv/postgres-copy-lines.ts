import { Transform, type TransformCallback } from 'node:stream';

const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

/** COPY's text format escapes these after a backslash; anything else stands for itself. */
const UNESCAPED: Record<number, number> = {
  0x62: 0x08, // \b
  0x66: 0x0c, // \f
  0x6e: 0x0a, // \n
  0x72: 0x0d, // \r
  0x74: 0x09, // \t
  0x76: 0x0b, // \v
};

/**
 * PostgreSQL's `COPY … TO STDOUT` text format, one text column per row, back to the column's
 * bytes: each row is one line (its own line breaks, tabs and backslashes arrive escaped), so
 * lines are counted as they pass and those past `limit` are dropped — the query returns at most
 * one, which says rows were cut.
 */
export class CopyTextLines extends Transform {
  rows = 0;
  truncated = false;
  /** A chunk ended inside an escape: its backslash waits for the next chunk. */
  private pendingEscape = false;

  constructor(private readonly limit: number | undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.truncated) {
      callback();
      return;
    }
    callback(null, this.unescape(this.withinLimit(chunk)));
  }

  /** The chunk up to the end of the limit's last line; counts the lines it passes. */
  private withinLimit(chunk: Buffer): Buffer {
    let offset = 0;
    for (;;) {
      if (this.rows === this.limit) {
        if (offset < chunk.length) this.truncated = true;
        return chunk.subarray(0, offset);
      }
      const end = chunk.indexOf(NEWLINE, offset);
      if (end === -1) return chunk;
      this.rows += 1;
      offset = end + 1;
    }
  }

  private unescape(chunk: Buffer): Buffer {
    if (!this.pendingEscape && chunk.indexOf(BACKSLASH) === -1) return chunk;
    const out = Buffer.allocUnsafe(chunk.length + 1);
    let length = 0;
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index] as number;
      if (this.pendingEscape) {
        out[length++] = UNESCAPED[byte] ?? byte;
        this.pendingEscape = false;
      } else if (byte === BACKSLASH) {
        this.pendingEscape = true;
      } else {
        out[length++] = byte;
      }
    }
    return out.subarray(0, length);
  }
}
