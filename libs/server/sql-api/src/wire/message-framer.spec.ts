import { frontend } from './frontend-builders';
import { MessageFramer, PreAuthenticationBudget } from './message-framer';

/** A message header declaring `length` (the int32 after the code byte) with no body yet. */
function header(code: string, length: number): Buffer {
  const buffer = Buffer.alloc(5);
  buffer.write(code, 0, 'latin1');
  buffer.writeInt32BE(length, 1);
  return buffer;
}

describe('SQL API message framer', () => {
  it('splits pipelined messages, across chunk boundaries, into whole copies', () => {
    const stream = Buffer.concat([frontend.query('SELECT 1'), frontend.sync(), frontend.query('SELECT 2')]);
    const framer = new MessageFramer(1024);
    const first = framer.push(Buffer.from(stream.subarray(0, 7)));
    const rest = framer.push(Buffer.from(stream.subarray(7)));
    expect(first).toEqual({ messages: [] });
    expect(rest.error).toBeUndefined();
    expect(rest.messages).toEqual([frontend.query('SELECT 1'), frontend.sync(), frontend.query('SELECT 2')]);
  });

  it('refuses a message declared beyond the limit from its header alone, with 54000', () => {
    const framer = new MessageFramer(1024);
    const sync = frontend.sync();
    const result = framer.push(Buffer.concat([sync, header('Q', 1024 * 1024 * 1024)]));
    expect(result.messages).toEqual([sync]);
    expect(result.error).toEqual({
      code: '54000',
      message: `message "Q" of ${1024 * 1024 * 1024 + 1} bytes exceeds the SQL API's limit of 1024 bytes (SQL_API_MAX_MESSAGE_BYTES)`,
    });
    // Nothing after the refusal is framed or kept.
    expect(framer.push(frontend.sync())).toEqual({ messages: [] });
  });

  it('accepts a message of exactly the limit and refuses one byte more', () => {
    const exactly = frontend.query('x'.repeat(100));
    expect(new MessageFramer(exactly.length).push(exactly)).toEqual({ messages: [exactly] });
    expect(new MessageFramer(exactly.length - 1).push(exactly).error?.code).toBe('54000');
  });

  it('refuses a length below 4 (which would never advance) as a protocol violation', () => {
    for (const length of [-1, 0, 3]) expect(new MessageFramer(1024).push(header('P', length)).error?.code).toBe('08P01');
  });
});

describe('SQL API bytes before authentication', () => {
  it('allows up to the limit in total, then answers 54000', () => {
    const budget = new PreAuthenticationBudget(100);
    expect(budget.add(60)).toBeUndefined();
    expect(budget.add(40)).toBeUndefined();
    expect(budget.add(1)).toEqual({
      code: '54000',
      message: "101 bytes before authentication exceed the SQL API's limit of 100 bytes (SQL_API_MAX_MESSAGE_BYTES)",
    });
  });
});
