import { Writer } from 'pg-protocol/dist/buffer-writer';

import type { BindMessage } from './frontend-messages';

/** Frontend messages for the catalog engine: a client's statement replayed as the unnamed statement and portal. */
export const frontend = {
  parse(sql: string, parameterOids: readonly number[]): Buffer {
    const writer = new Writer().addCString('').addCString(sql).addInt16(parameterOids.length);
    for (const oid of parameterOids) writer.addInt32(oid);
    return writer.flush(0x50);
  },
  bind(bind: BindMessage): Buffer {
    const writer = new Writer().addCString('').addCString('').addInt16(bind.parameterFormats.length);
    for (const format of bind.parameterFormats) writer.addInt16(format);
    writer.addInt16(bind.parameters.length);
    for (const parameter of bind.parameters) {
      if (parameter === null) writer.addInt32(-1);
      else writer.addInt32(parameter.length).add(parameter);
    }
    writer.addInt16(bind.resultFormats.length);
    for (const format of bind.resultFormats) writer.addInt16(format);
    return writer.flush(0x42);
  },
  describe(kind: 'S' | 'P'): Buffer {
    return new Writer().addString(kind).addCString('').flush(0x44);
  },
  execute(): Buffer {
    return new Writer().addCString('').addInt32(0).flush(0x45);
  },
  sync(): Buffer {
    return new Writer().flush(0x53);
  },
  query(sql: string): Buffer {
    return new Writer().addCString(sql).flush(0x51);
  },
};
