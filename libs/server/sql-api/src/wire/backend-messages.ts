import { Writer } from 'pg-protocol/dist/buffer-writer';

/** One column of a RowDescription. */
export interface WireColumn {
  name: string;
  typeOid: number;
  typeSize: number;
  /** 0 text, 1 binary. */
  format: number;
}

export type TransactionStatus = 'I' | 'T' | 'E';

/** PostgreSQL's ErrorResponse fields the SQL API fills. */
export interface WireError {
  severity: 'ERROR' | 'FATAL';
  code: string;
  message: string;
  detail?: string;
}

/** The backend messages the SQL API sends after authentication (the wire format of PostgreSQL 3.0). */
export const backend = {
  rowDescription(columns: readonly WireColumn[]): Buffer {
    const writer = new Writer().addInt16(columns.length);
    for (const column of columns) {
      writer
        .addCString(column.name)
        .addInt32(0)
        .addInt16(0)
        .addInt32(column.typeOid)
        .addInt16(column.typeSize)
        .addInt32(-1)
        .addInt16(column.format);
    }
    return writer.flush(0x54);
  },
  dataRow(values: ReadonlyArray<Buffer | null>): Buffer {
    const writer = new Writer().addInt16(values.length);
    for (const value of values) {
      if (value === null) writer.addInt32(-1);
      else writer.addInt32(value.length).add(value);
    }
    return writer.flush(0x44);
  },
  commandComplete(tag: string): Buffer {
    return new Writer().addCString(tag).flush(0x43);
  },
  parameterDescription(typeOids: readonly number[]): Buffer {
    const writer = new Writer().addInt16(typeOids.length);
    for (const oid of typeOids) writer.addInt32(oid);
    return writer.flush(0x74);
  },
  parameterStatus(name: string, value: string): Buffer {
    return new Writer().addCString(name).addCString(value).flush(0x53);
  },
  backendKeyData(processId: number, secretKey: number): Buffer {
    return new Writer().addInt32(processId).addInt32(secretKey).flush(0x4b);
  },
  readyForQuery(status: TransactionStatus): Buffer {
    return new Writer().addString(status).flush(0x5a);
  },
  authenticationOk(): Buffer {
    return new Writer().addInt32(0).flush(0x52);
  },
  error(error: WireError): Buffer {
    const writer = new Writer().addString('S').addCString(error.severity).addString('V').addCString(error.severity);
    writer.addString('C').addCString(error.code).addString('M').addCString(error.message);
    if (error.detail) writer.addString('D').addCString(error.detail);
    return writer.addCString('').flush(0x45);
  },
  parseComplete: (): Buffer => new Writer().flush(0x31),
  bindComplete: (): Buffer => new Writer().flush(0x32),
  closeComplete: (): Buffer => new Writer().flush(0x33),
  noData: (): Buffer => new Writer().flush(0x6e),
  portalSuspended: (): Buffer => new Writer().flush(0x73),
  emptyQueryResponse: (): Buffer => new Writer().flush(0x49),
};

/** Splits a buffer of backend messages into [code, whole message] pairs (the catalog engine's output is filtered this way). */
export function splitMessages(buffer: Buffer): Array<{ code: string; message: Buffer }> {
  const messages: Array<{ code: string; message: Buffer }> = [];
  let offset = 0;
  while (offset + 5 <= buffer.length) {
    const length = buffer.readInt32BE(offset + 1);
    messages.push({ code: String.fromCharCode(buffer[offset] as number), message: buffer.subarray(offset, offset + 1 + length) });
    offset += 1 + length;
  }
  return messages;
}
