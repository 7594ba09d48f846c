/** Why the framer stopped: the connection ends with this FATAL ErrorResponse. */
export interface FramingError {
  code: string;
  message: string;
}

export type FramedChunk = { messages: Buffer[]; error?: undefined } | { messages: Buffer[]; error: FramingError };

/**
 * Splits the byte stream after startup into messages (code, int32 length including itself, body).
 * A message is judged by the length its header declares, before its body is buffered: beyond
 * `maxBytes` the client gets 54000 and the connection ends, so one client cannot make the API hold
 * gigabytes. A length below 4 (which would never advance) is a protocol violation.
 */
export class MessageFramer {
  private pending: Buffer = Buffer.alloc(0);
  private failed = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): FramedChunk {
    if (this.failed) return { messages: [] };
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const messages: Buffer[] = [];
    let offset = 0;
    while (this.pending.length - offset >= 5) {
      const length = this.pending.readInt32BE(offset + 1);
      const error = this.judge(String.fromCharCode(this.pending[offset] as number), length);
      if (error) {
        this.failed = true;
        this.pending = Buffer.alloc(0);
        return { messages, error };
      }
      const end = offset + 1 + length;
      if (end > this.pending.length) break;
      // A copy: the message outlives this chunk (queued while an earlier one is answered).
      messages.push(Buffer.from(this.pending.subarray(offset, end)));
      offset = end;
    }
    this.pending = this.pending.subarray(offset);
    return { messages };
  }

  private judge(code: string, length: number): FramingError | undefined {
    if (length < 4) return { code: '08P01', message: `invalid message length ${length} (message "${code}")` };
    if (1 + length > this.maxBytes) {
      return {
        code: '54000',
        message: `message "${code}" of ${1 + length} bytes exceeds the SQL API's limit of ${this.maxBytes} bytes (SQL_API_MAX_MESSAGE_BYTES)`,
      };
    }
    return undefined;
  }
}

/**
 * Before authentication pg-gateway frames the messages (SSLRequest, startup, password) and would
 * buffer whatever length they declare: the bytes a client sends before it is authenticated are
 * counted instead, against the same limit.
 */
export class PreAuthenticationBudget {
  private received = 0;

  constructor(private readonly maxBytes: number) {}

  /** The error once the client has sent more than the limit; undefined while within it. */
  add(bytes: number): FramingError | undefined {
    this.received += bytes;
    if (this.received <= this.maxBytes) return undefined;
    return {
      code: '54000',
      message: `${this.received} bytes before authentication exceed the SQL API's limit of ${this.maxBytes} bytes (SQL_API_MAX_MESSAGE_BYTES)`,
    };
  }
}
