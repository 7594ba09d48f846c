/** Reads the body of one frontend message (after its code and length). */
export class MessageReader {
  private offset = 5;

  constructor(readonly data: Buffer) {}

  get code(): string {
    return String.fromCharCode(this.data[0] as number);
  }

  byte(): string {
    return String.fromCharCode(this.data[this.offset++] as number);
  }

  int16(): number {
    const value = this.data.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }

  int32(): number {
    const value = this.data.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  cstring(): string {
    const end = this.data.indexOf(0, this.offset);
    const value = this.data.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return value;
  }

  bytes(length: number): Buffer {
    const value = this.data.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }
}

export interface ParseMessage {
  name: string;
  sql: string;
  parameterOids: number[];
}

export interface BindMessage {
  portal: string;
  statement: string;
  /** Per parameter (expanded from the 0, 1 or n codes sent). */
  parameterFormats: number[];
  parameters: Array<Buffer | null>;
  /** As sent: none (all text), one for all, or one per column. */
  resultFormats: number[];
}

export function readParse(data: Buffer): ParseMessage {
  const reader = new MessageReader(data);
  const name = reader.cstring();
  const sql = reader.cstring();
  const count = reader.int16();
  return { name, sql, parameterOids: Array.from({ length: count }, () => reader.int32()) };
}

export function readBind(data: Buffer): BindMessage {
  const reader = new MessageReader(data);
  const portal = reader.cstring();
  const statement = reader.cstring();
  const formats = Array.from({ length: reader.int16() }, () => reader.int16());
  const parameters = Array.from({ length: reader.int16() }, () => {
    const length = reader.int32();
    return length < 0 ? null : Buffer.from(reader.bytes(length));
  });
  const parameterFormats = parameters.map((_, index) => (formats.length === 1 ? (formats[0] as number) : (formats[index] ?? 0)));
  const resultFormats = Array.from({ length: reader.int16() }, () => reader.int16());
  return { portal, statement, parameterFormats, parameters, resultFormats };
}

/** Describe and Close: 'S' (statement) or 'P' (portal), and its name. */
export function readTarget(data: Buffer): { kind: 'S' | 'P'; name: string } {
  const reader = new MessageReader(data);
  const kind = reader.byte() === 'S' ? 'S' : 'P';
  return { kind, name: reader.cstring() };
}

export function readExecute(data: Buffer): { portal: string; maxRows: number } {
  const reader = new MessageReader(data);
  return { portal: reader.cstring(), maxRows: reader.int32() };
}

export function readQuery(data: Buffer): string {
  return new MessageReader(data).cstring();
}

/** The format of result column `index` given Bind's result format codes. */
export function resultFormat(formats: readonly number[], index: number): number {
  return formats.length === 1 ? (formats[0] as number) : (formats[index] ?? 0);
}
