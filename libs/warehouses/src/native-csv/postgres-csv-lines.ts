import { Transform, type TransformCallback } from 'node:stream';

const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const SPACE = 0x20;
const BACKSLASH = 0x5c;
const DOT = 0x2e;
/** The UTF-8 bytes of U+FEFF (a BOM). */
const BOM = [0xef, 0xbb, 0xbf] as const;
const QUOTE_BYTES = Buffer.from('"');

/** How a finished cell is rewritten. */
type Rewrite = 'none' | 'drop-quotes' | 'add-quotes';

/**
 * PostgreSQL's `COPY … TO STDOUT (FORMAT csv)` rows, rewritten where Papa Parse (the JS path's CSV
 * writer) quotes otherwise, counted, and cut after `limit` rows (the query returns at most one
 * more, which says rows were cut).
 *
 * Both quote a cell holding a comma, a quote, CR or LF, and double its quotes. Beyond that
 * PostgreSQL quotes an empty string (to tell it from NULL, written as nothing) and, in a
 * one-column file, `\.`; Papa Parse quotes neither, but quotes a cell with a BOM or a space at
 * either end, which PostgreSQL leaves bare. So `""` loses its quotes, a quoted `\.` too (no other
 * rule quotes it), and a bare cell with a BOM or an edge space gains them (it holds no quote to
 * double, or PostgreSQL would have quoted it). Everything else passes through as PostgreSQL wrote it.
 *
 * Only the cell being read when a chunk ends is kept back, with how far its end was searched.
 */
export class PostgresCsvLines extends Transform {
  rows = 0;
  truncated = false;
  private done: boolean;
  /** The start of a cell that the last chunk ended inside. */
  private pending: Buffer | undefined;
  /** How far into `pending` its end was searched. */
  private searched = 0;
  private pendingHasBom = false;

  constructor(private readonly limit: number | undefined) {
    super();
    this.done = limit === 0;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.done) {
      if (chunk.length > 0) this.truncated = true;
      callback();
      return;
    }
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    const rewritten = this.rewrite(data);
    callback(null, rewritten.length > 0 ? rewritten : undefined);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.pending ? new Error('PostgreSQL ended its CSV inside a row') : null);
  }

  /** The output for `data` (which starts at a cell) up to the last cell it completes. */
  private rewrite(data: Buffer): Buffer {
    const out: Buffer[] = [];
    let copied = 0;
    let start = 0;
    let searched = this.searched;
    let hasBom = this.pendingHasBom;
    while (start < data.length) {
      let end: number;
      let rewrite: Rewrite = 'none';
      if (data[start] === QUOTE) {
        const close = closingQuote(data, start + Math.max(1, searched));
        if (close.at === undefined) {
          searched = close.searched - start;
          end = -1;
        } else {
          end = close.at + 1;
          const length = close.at - start - 1;
          if (length === 0 || (length === 2 && data[start + 1] === BACKSLASH && data[start + 2] === DOT)) rewrite = 'drop-quotes';
        }
      } else {
        let at = start + searched;
        for (; at < data.length; at += 1) {
          const byte = data[at];
          if (byte === COMMA || byte === NEWLINE) break;
          if (byte === BOM[0] && data[at + 1] === BOM[1] && data[at + 2] === BOM[2]) hasBom = true;
        }
        if (at === data.length) {
          // A BOM may straddle the chunks: its first bytes are searched again.
          searched = Math.max(0, at - start - 2);
          end = -1;
        } else {
          end = at;
          if (end > start && (data[start] === SPACE || data[end - 1] === SPACE || hasBom)) rewrite = 'add-quotes';
        }
      }
      if (end === -1) {
        this.pending = Buffer.from(data.subarray(start));
        this.searched = searched;
        this.pendingHasBom = hasBom;
        out.push(data.subarray(copied, start));
        return Buffer.concat(out);
      }
      if (rewrite === 'drop-quotes') {
        out.push(data.subarray(copied, start), data.subarray(start + 1, end - 1));
        copied = end;
      } else if (rewrite === 'add-quotes') {
        out.push(data.subarray(copied, start), QUOTE_BYTES, data.subarray(start, end), QUOTE_BYTES);
        copied = end;
      }
      searched = 0;
      hasBom = false;
      start = end + 1;
      if (data[end] === NEWLINE) {
        this.rows += 1;
        if (this.rows === this.limit) {
          this.done = true;
          if (start < data.length) this.truncated = true;
          out.push(data.subarray(copied, start));
          return Buffer.concat(out);
        }
      }
    }
    this.searched = 0;
    this.pendingHasBom = false;
    out.push(data.subarray(copied));
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
  }
}

/**
 * The quote that closes a quoted cell, searched from `from` (inside the cell): a quote not
 * followed by another. Undefined when `data` ends first — or right after a quote, which the next
 * byte decides; `searched` is where to search again once more bytes came.
 */
function closingQuote(data: Buffer, from: number): { at: number | undefined; searched: number } {
  let at = from;
  for (;;) {
    at = data.indexOf(QUOTE, at);
    if (at === -1) return { at: undefined, searched: data.length };
    if (at + 1 >= data.length) return { at: undefined, searched: at };
    if (data[at + 1] !== QUOTE) return { at, searched: at };
    at += 2;
  }
}
