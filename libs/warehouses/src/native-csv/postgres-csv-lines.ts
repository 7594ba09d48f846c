import { Transform, type TransformCallback } from 'node:stream';

import { isNumberAsWritten, mayStartFormula } from './formula-safe-cell';
import { nativeCsvOverCap } from './native-csv';

const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const SPACE = 0x20;
const BACKSLASH = 0x5c;
const DOT = 0x2e;
/** The UTF-8 bytes of U+FEFF (a BOM). */
const BOM_FIRST = 0xef;
const BOM_SECOND = 0xbb;
const BOM_THIRD = 0xbf;
const QUOTE_BYTES = Buffer.from('"');
/** The formula guard's prefix (formulaSafeCell). */
const APOSTROPHE_BYTES = Buffer.from("'");
/** Per byte, 1 where mayStartFormula: a table read rather than a Set lookup per cell. */
const FORMULA_START = Uint8Array.from({ length: 256 }, (_, byte) => (mayStartFormula(byte) ? 1 : 0));

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
 * The cells of `guarded` columns are made formula-safe here, as formulaSafeCell makes them on the JS
 * path before Papa Parse quotes them: a cell starting with `=` `+` `-` `@` TAB or CR that is not a
 * number as written gets a leading `'` — inside the quotes of a quoted cell, and before the cell
 * (within the quotes it gains) otherwise. The SQL then leaves them as they are (cellsSql's
 * `by-caller`), which costs PostgreSQL nothing per cell.
 *
 * Only the cell being read when a chunk ends is kept back (PendingCell), with how far its end was
 * searched, so a cell spanning many chunks is neither searched nor copied again for each.
 */
export class PostgresCsvLines extends Transform {
  rows = 0;
  truncated = false;
  private done: boolean;
  /** The start of a cell that the last chunk ended inside. */
  private readonly pending = new PendingCell();
  /** How far into the pending cell its end was searched. */
  private searched = 0;
  private pendingHasBom = false;

  /** Bytes handed on so far. */
  private written = 0;
  /** The column of the cell being read. */
  private column = 0;

  /**
   * `maxBytes`: most bytes handed on (the caller's cap less what it wrote before); past it, the stream fails with nativeCsvOverCap.
   * `guarded`: per column, whether its cells get the formula guard (cellsGuardedByCaller).
   */
  constructor(
    private readonly limit: number | undefined,
    private readonly maxBytes: { bytes: number; cap: number } | undefined,
    private readonly guarded: readonly boolean[],
  ) {
    super();
    this.done = limit === 0;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    // A cell the last chunk ended inside is finished on the bytes up to this chunk's first line
    // break, copied behind it; the rest is read where it lies. Copying every whole chunk behind its
    // pending cell cost a copy of the file and a buffer per chunk.
    const cut = this.pending.isEmpty() ? 0 : chunk.indexOf(NEWLINE) + 1;
    const pieces = cut > 0 && cut < chunk.length ? [chunk.subarray(0, cut), chunk.subarray(cut)] : [chunk];
    for (const piece of pieces) {
      if (this.done) {
        if (piece.length > 0) this.truncated = true;
        break;
      }
      const rewritten = this.rewrite(this.pending.with(piece));
      this.written += rewritten.length;
      // Failing ends the COPY: the file holds at most one chunk past the cap, and is then discarded.
      if (this.maxBytes !== undefined && this.written > this.maxBytes.bytes) {
        callback(nativeCsvOverCap(this.maxBytes.cap));
        return;
      }
      if (rewritten.length > 0) this.push(rewritten);
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    callback(this.pending.isEmpty() ? null : new Error('PostgreSQL ended its CSV inside a row'));
  }

  /**
   * The output for `data` (which starts at a cell) up to the last cell it completes. One pass over
   * the bytes with the state in locals: this loop is the worker's whole cost per exported byte
   * (1M bench-like raw rows, 75 MB: ≈ 630 ms of CPU when it read fields and a Set per cell, ≈ 430 ms
   * without; a bare JavaScript loop over the same bytes takes ≈ 225 ms on that machine).
   */
  private rewrite(data: Buffer): Buffer {
    const out: Buffer[] = [];
    const length = data.length;
    const guarded = this.guarded;
    const limit = this.limit;
    let column = this.column;
    let rows = this.rows;
    let copied = 0;
    let start = 0;
    let searched = this.searched;
    let hasBom = this.pendingHasBom;
    while (start < length) {
      let end: number;
      let rewrite: Rewrite = 'none';
      const first = data[start] as number;
      const quoted = first === QUOTE;
      if (quoted) {
        const close = closingQuote(data, start + Math.max(1, searched));
        if (close < 0) {
          searched = -1 - close - start;
          end = -1;
        } else {
          end = close + 1;
          const cellLength = close - start - 1;
          if (cellLength === 0 || (cellLength === 2 && data[start + 1] === BACKSLASH && data[start + 2] === DOT)) rewrite = 'drop-quotes';
        }
      } else {
        let at = start + searched;
        // Bytes above the comma go on, but a BOM's first byte: one comparison for nearly every byte.
        for (; at < length; at += 1) {
          const byte = data[at] as number;
          if (byte <= COMMA) {
            if (byte === COMMA || byte === NEWLINE) break;
          } else if (byte === BOM_FIRST && data[at + 1] === BOM_SECOND && data[at + 2] === BOM_THIRD) hasBom = true;
        }
        if (at === length) {
          // A BOM may straddle the chunks: its first bytes are searched again.
          searched = Math.max(0, at - start - 2);
          end = -1;
        } else {
          end = at;
          if (end > start && (first === SPACE || data[end - 1] === SPACE || hasBom)) rewrite = 'add-quotes';
        }
      }
      if (end === -1) {
        this.pending.keep(data, start);
        this.searched = searched;
        this.pendingHasBom = hasBom;
        this.column = column;
        this.rows = rows;
        out.push(data.subarray(copied, start));
        return joined(out);
      }
      // An empty cell or `\.` (drop-quotes) never starts a formula; FORMULA_START is 0 past the end of a cell.
      const textStart = quoted ? start + 1 : start;
      const guard =
        guarded[column] === true && FORMULA_START[data[textStart] as number] === 1 && needsGuard(data, textStart, quoted ? end - 1 : end);
      if (rewrite === 'drop-quotes') {
        out.push(data.subarray(copied, start), data.subarray(start + 1, end - 1));
        copied = end;
      } else if (rewrite === 'add-quotes') {
        out.push(data.subarray(copied, start), QUOTE_BYTES);
        if (guard) out.push(APOSTROPHE_BYTES);
        out.push(data.subarray(start, end), QUOTE_BYTES);
        copied = end;
      } else if (guard) {
        out.push(data.subarray(copied, textStart), APOSTROPHE_BYTES);
        copied = textStart;
      }
      searched = 0;
      hasBom = false;
      start = end + 1;
      if (data[end] === NEWLINE) {
        column = 0;
        rows += 1;
        if (rows === limit) {
          this.done = true;
          this.rows = rows;
          this.column = column;
          this.pending.clear();
          if (start < length) this.truncated = true;
          out.push(data.subarray(copied, start));
          return joined(out);
        }
      } else column += 1;
    }
    this.searched = 0;
    this.pendingHasBom = false;
    this.column = column;
    this.rows = rows;
    this.pending.clear();
    out.push(data.subarray(copied));
    return joined(out);
  }
}

/**
 * Whether the cell text in `data` from `start` to `end` (PostgreSQL's CSV text: within a quoted
 * cell, quotes doubled) needs the formula guard. The test of a number is the JS path's, on the
 * text as latin1: its patterns are ASCII, and a cell holding other bytes or a quote is no number.
 */
function needsGuard(data: Buffer, start: number, end: number): boolean {
  return end > start && mayStartFormula(data[start]) && !isNumberAsWritten(data.toString('latin1', start, end));
}

/**
 * The pieces as one buffer; a single piece as it is, not copied (nearly every chunk with nothing
 * to rewrite). Safe because a pending cell's storage is never written again once a slice of it
 * was handed on (PendingCell).
 */
function joined(pieces: Buffer[]): Buffer {
  return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
}

/**
 * The quote that closes a quoted cell, searched from `from` (inside the cell): a quote not
 * followed by another. When `data` ends first — or right after a quote, which the next byte
 * decides — `-1 - searched`, where `searched` is where to search again once more bytes came (a
 * number rather than an object: this runs for every quoted cell).
 */
function closingQuote(data: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = data.indexOf(QUOTE, at);
    if (at === -1) return -1 - data.length;
    if (at + 1 >= data.length) return -1 - at;
    if (data[at + 1] !== QUOTE) return at;
    at += 2;
  }
}

/**
 * The bytes of a cell that goes on past the chunk that brought it, with room to grow: a cell of
 * many chunks is copied a bounded number of times overall (capacity doubles), not once per chunk.
 * Storage that was handed on downstream (a slice was emitted) is never written again.
 */
class PendingCell {
  private storage: Buffer | undefined;
  private length = 0;

  isEmpty(): boolean {
    return this.length === 0;
  }

  /** The pending bytes followed by `chunk` (just `chunk` when nothing is pending). */
  with(chunk: Buffer): Buffer {
    if (this.storage === undefined || this.length === 0) return chunk;
    const needed = this.length + chunk.length;
    if (this.storage.length < needed) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.storage.length * 2));
      this.storage.copy(grown, 0, 0, this.length);
      this.storage = grown;
    }
    chunk.copy(this.storage, this.length);
    this.length = needed;
    return this.storage.subarray(0, needed);
  }

  /** Keeps `data` from `start` (a cell it ends inside); whatever else was pending is done. */
  keep(data: Buffer, start: number): void {
    const length = data.length - start;
    const sameStorage = this.storage !== undefined && data.buffer === this.storage.buffer && data.byteOffset === this.storage.byteOffset;
    if (!(sameStorage && start === 0)) {
      // A slice of `data` before `start` may be on its way downstream: the cell moves to new storage.
      const storage = Buffer.allocUnsafe(Math.max(length * 2, 1024));
      data.copy(storage, 0, start);
      this.storage = storage;
    }
    this.length = length;
  }

  /** Called once the pending cell ended: the storage may be on its way downstream. */
  clear(): void {
    this.storage = undefined;
    this.length = 0;
  }
}
