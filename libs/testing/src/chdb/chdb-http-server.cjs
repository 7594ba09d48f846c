// ClickHouse's HTTP interface over chDB (ClickHouse embedded, npm `chdb`), for tests: the subset
// @clickhouse/client speaks. Run as `node chdb-http-server.cjs <user> <password>`; it listens on
// 127.0.0.1 at a free port, prints {"port": N, "version": "…"} on one line, and SIGTERM stops it.
//
// chDB binds one data directory per process, so the server owns one chdb.Session and runs one
// request at a time: settings (URL parameters) and the database are applied with SET / USE before
// the query and reset after it, so requests do not see each other's settings, as on a server.
// What follows the real server (26.x):
//   - query from the `query` parameter and/or the POST body; `param_<name>` values in the HTTP
//     "escaped" text form (\N is NULL), bound server-side ({name:Type}); every other unknown
//     parameter is a setting, refused with UNKNOWN_SETTING if ClickHouse does not know it;
//   - one statement per request (the server refuses multi-statements);
//   - errors before the first byte: status by exception code, X-ClickHouse-Exception-Code header,
//     body "Code: N. DB::Exception: … (NAME) (version V)"; errors after it: the 25.11+ in-stream
//     exception block framed by the X-ClickHouse-Exception-Tag header;
//   - results streamed chunk by chunk with back-pressure; a closed connection cancels the query;
//   - Basic auth or X-ClickHouse-User/Key headers or user/password parameters, checked.
'use strict';

const http = require('node:http');
const { randomBytes, randomUUID } = require('node:crypto');

const { Session } = require('chdb');

/** URL parameters the HTTP handler reads itself; everything else is a setting. */
const PROTOCOL_PARAMS = new Set([
  'query',
  'query_id',
  'database',
  'default_format',
  'session_id',
  'session_timeout',
  'session_check',
  'role',
  'user',
  'password',
  'quota_key',
  'compress',
  'decompress',
  'buffer_size',
  'wait_end_of_query',
]);

/** HTTP status of an exception code, as the server's exceptionCodeToHTTPStatus gives the common ones. */
const STATUS_BY_CODE = new Map([
  [62, 400], // SYNTAX_ERROR
  [6, 400], // CANNOT_PARSE_TEXT
  [27, 400], // CANNOT_PARSE_INPUT_ASSERTION_FAILED
  [36, 400], // BAD_ARGUMENTS
  [38, 400], // CANNOT_PARSE_DATE
  [41, 400], // CANNOT_PARSE_DATETIME
  [42, 400], // NUMBER_OF_ARGUMENTS_DOESNT_MATCH
  [43, 400], // ILLEGAL_TYPE_OF_ARGUMENT
  [44, 400], // ILLEGAL_COLUMN
  [47, 404], // UNKNOWN_IDENTIFIER
  [53, 400], // TYPE_MISMATCH
  [60, 404], // UNKNOWN_TABLE
  [46, 404], // UNKNOWN_FUNCTION
  [81, 404], // UNKNOWN_DATABASE
  [115, 400], // UNKNOWN_SETTING
  [164, 500], // READONLY
  [192, 401], // UNKNOWN_USER
  [193, 401], // WRONG_PASSWORD
  [194, 401], // REQUIRED_PASSWORD
  [456, 400], // UNKNOWN_QUERY_PARAMETER
  [457, 400], // BAD_QUERY_PARAMETER
  [497, 403], // ACCESS_DENIED
  [516, 401], // AUTHENTICATION_FAILED
]);

/** The value of a `param_x` parameter: ClickHouse's escaped text, `\N` meaning NULL. */
function unescapeParam(text) {
  if (text === '\\N') return null;
  const escapes = { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', 0: '\0' };
  return text.replace(/\\(.)/gs, (_, char) => escapes[char] ?? char);
}

/** A setting's value as SET takes it: numbers as they are, anything else a string literal. */
function settingLiteral(value) {
  return /^-?\d+(\.\d+)?$/.test(value) ? value : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** ClickHouse's exception text from a chDB error: "Code: N. DB::Exception: … (NAME)". */
function exceptionOf(error) {
  const message = String(error && error.message ? error.message : error).replace(/^Query failed: /, '');
  const code = Number(/Code: (\d+)\./.exec(message)?.[1] ?? 1001);
  const text = /^Code: \d+\. DB::Exception:/.test(message) ? message : `Code: ${code}. DB::Exception: ${message}. (STD_EXCEPTION)`;
  return { code, text };
}

class ChdbHttpServer {
  constructor(user, password) {
    this.user = user;
    this.password = password;
    this.session = new Session();
    this.version = this.session.query('SELECT version()', 'TabSeparated').trim();
    this.queue = Promise.resolve();
    /** Aborts of the queries running or waiting their turn, by query id. */
    this.running = new Map();
  }

  async handle(request, response) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/ping' || (url.pathname === '/' && request.method === 'GET' && !url.searchParams.has('query'))) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=UTF-8' }).end('Ok.\n');
      return;
    }
    const body = request.method === 'POST' ? await readBody(request) : '';
    const queryId = url.searchParams.get('query_id') || randomUUID();
    const auth = this.credentials(request, url);
    if (auth.user !== this.user || auth.password !== this.password) {
      this.fail(response, queryId, {
        code: 516,
        text: `Code: 516. DB::Exception: ${auth.user}: Authentication failed: password is incorrect, or there is no user with such name. (AUTHENTICATION_FAILED)`,
      });
      return;
    }
    const query = [url.searchParams.get('query'), body].filter((part) => part).join('\n');
    if (this.kill(query, url.searchParams, response)) return;
    const run = this.queue.then(() => this.execute(url.searchParams, query, queryId, request, response));
    this.queue = run.catch(() => undefined);
    await run;
  }

  /**
   * KILL QUERY WHERE query_id = …: the server runs it beside the query it stops; here requests
   * take turns, so it is answered at once, out of turn, by aborting that query.
   */
  kill(query, params, response) {
    const match = /^\s*KILL\s+QUERY\s+WHERE\s+query_id\s*=\s*(?:'([^']*)'|\{(\w+):String\})/i.exec(query);
    if (!match) return false;
    const id = match[1] ?? unescapeParam(params.get(`param_${match[2]}`) ?? '');
    this.running.get(id)?.abort();
    response.writeHead(200, { 'Content-Type': 'text/plain; charset=UTF-8' }).end();
    return true;
  }

  credentials(request, url) {
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
    }
    const user = request.headers['x-clickhouse-user'] ?? url.searchParams.get('user') ?? 'default';
    const password = request.headers['x-clickhouse-key'] ?? url.searchParams.get('password') ?? '';
    return { user: String(user), password: String(password) };
  }

  async execute(params, query, queryId, request, response) {
    const applied = [];
    const abort = new AbortController();
    this.running.set(queryId, abort);
    // The server cancels a query whose client went away (with cancel_http_readonly_queries_on_client_close).
    const onClose = () => {
      if (!response.writableFinished) abort.abort();
    };
    response.once('close', onClose);
    try {
      // A client that gave up while waiting its turn (the request itself is destroyed once read).
      if (response.destroyed || !request.socket || request.socket.destroyed) return;
      this.session.query(`USE ${quoteIdentifier(params.get('database') || 'default')}`);
      for (const [name, value] of params) {
        if (PROTOCOL_PARAMS.has(name) || name.startsWith('param_')) continue;
        this.session.query(`SET ${quoteIdentifier(name)} = ${settingLiteral(value)}`);
        applied.push(name);
      }
      this.refuseMultiStatements(query);
      const bound = {};
      for (const [name, value] of params) if (name.startsWith('param_')) bound[name.slice('param_'.length)] = unescapeParam(value);
      await this.stream(query, bound, params.get('default_format') || 'TabSeparated', queryId, abort.signal, response);
    } catch (error) {
      if (!abort.signal.aborted) this.fail(response, queryId, exceptionOf(error));
    } finally {
      response.off('close', onClose);
      this.running.delete(queryId);
      if (abort.signal.aborted && !response.writableFinished) response.destroy();
      for (const name of applied) this.session.query(`SET ${quoteIdentifier(name)} = DEFAULT`);
      this.session.query('USE default');
    }
  }

  /** The server parses one statement per request; chDB would run them all. */
  refuseMultiStatements(query) {
    try {
      this.session.queryBind('SELECT formatQuery({q:String})', { q: query }, 'TabSeparated');
    } catch (error) {
      const { text } = exceptionOf(error);
      if (text.includes('Multi-statements are not allowed')) {
        throw new Error(text.replace(/: In scope SELECT formatQuery\(.*\)\. \(SYNTAX_ERROR\)$/s, ' (SYNTAX_ERROR)'));
      }
      // Anything else formatQuery refuses, the query itself reports better.
    }
  }

  async stream(query, bound, format, queryId, signal, response) {
    const tag = randomBytes(8).toString('hex');
    let chunks;
    try {
      chunks = this.session.queryStreamBind(query, bound, { format, signal });
    } catch (error) {
      if (!/Streaming query is not supported/.test(String(error && error.message))) throw error;
      // DDL and other statements without a result stream run whole.
      const result = await this.session.queryBindAsync(query, bound, { format, signal });
      chunks = (async function* () {
        yield { raw: () => result.bytes() };
      })();
      chunks.cancel = () => undefined;
    }
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      response.writeHead(200, {
        'Content-Type': 'text/plain; charset=UTF-8',
        'X-ClickHouse-Query-Id': queryId,
        'X-ClickHouse-Format': format,
        'X-ClickHouse-Server-Display-Name': 'chdb',
        'X-ClickHouse-Exception-Tag': tag,
        'X-ClickHouse-Summary': '{"read_rows":"0","read_bytes":"0","written_rows":"0","written_bytes":"0","total_rows_to_read":"0"}',
      });
    };
    try {
      const headerLines = headerLinesOf(query, format);
      for await (const chunk of untilAborted(chunks, signal)) {
        // chDB formats each chunk on its own: a header row would come again with every chunk.
        const bytes = started ? withoutLines(Buffer.from(chunk.raw()), headerLines) : Buffer.from(chunk.raw());
        start();
        if (!response.write(bytes)) await writable(response, signal);
        if (signal.aborted) break;
      }
    } catch (error) {
      if (!started || signal.aborted) throw error;
      // Headers are gone: the exception travels in the body, framed so the client can find it.
      const { text } = exceptionOf(error);
      const message = `${text} (version ${this.version})\n`;
      response.end(`\r\n__exception__\r\n${tag}\r\n${message}${Buffer.byteLength(message)} ${tag}\r\n__exception__\r\n`);
      return;
    } finally {
      chunks.cancel();
    }
    start();
    response.end();
  }

  fail(response, queryId, { code, text }) {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response
      .writeHead(STATUS_BY_CODE.get(code) ?? 500, {
        'Content-Type': 'text/plain; charset=UTF-8',
        'X-ClickHouse-Query-Id': queryId,
        'X-ClickHouse-Exception-Code': String(code),
      })
      .end(`${text} (version ${this.version})\n`);
  }
}

/** The chunks until the query is killed or its client gone: chDB's next chunk may never come once aborted. */
async function* untilAborted(chunks, signal) {
  const iterator = chunks[Symbol.asyncIterator]();
  const aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve({ done: true }), { once: true }));
  for (;;) {
    const next = await Promise.race([iterator.next(), aborted]);
    if (next.done) return;
    yield next.value;
  }
}

/** Header rows a text format writes before the data: names, or names and types. */
function headerLinesOf(query, format) {
  const named = /\bFORMAT\s+(\w+)\s*;?\s*$/i.exec(query)?.[1] ?? format;
  if (/WithNamesAndTypes$/i.test(named)) return 2;
  return /WithNames$/i.test(named) ? 1 : 0;
}

function withoutLines(bytes, count) {
  let start = 0;
  for (let line = 0; line < count; line++) {
    const end = bytes.indexOf(0x0a, start);
    if (end < 0) return bytes.subarray(bytes.length);
    start = end + 1;
  }
  return bytes.subarray(start);
}

/** Resolves when the response can take more, is gone, or its query was killed. */
function writable(response, signal) {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
    signal.addEventListener('abort', done);
  });
}

function quoteIdentifier(name) {
  return `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const parts = [];
    request.on('data', (part) => parts.push(part));
    request.once('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.once('error', reject);
  });
}

function main() {
  const [user = 'default', password = ''] = process.argv.slice(2);
  const engine = new ChdbHttpServer(user, password);
  const server = http.createServer((request, response) => {
    engine.handle(request, response).catch((error) => {
      if (!response.headersSent) response.writeHead(500).end(String(error && error.message));
      else response.destroy();
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: server.address().port, version: engine.version })}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    engine.session.close();
    process.exit(0);
  });
}

main();
