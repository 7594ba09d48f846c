import { connect as connectSocket, type Socket } from 'node:net';

import { Client, type DatabaseError } from 'pg';
import { serialize } from 'pg-protocol';

import { call } from '../../support/api-client';
import { compiledJaffleProject, JAFFLE_WAREHOUSES } from '../../support/jaffle-projects';
import { sharedQuarry } from '../../support/shared-quarry';
import { pgClient } from '../../support/sql-api-clients';
import { type Member, userWithToken } from '../../support/users';

const shared = sharedQuarry();

async function projectMember(projectUuid: string, role: 'viewer' | 'interactive_viewer'): Promise<Member> {
  const user = await userWithToken('member');
  const granted = await call(shared.baseUrl, 'POST', `/api/v1/projects/${projectUuid}/access`, {
    token: shared.adminToken,
    body: { userUuid: user.userUuid, role },
  });
  if (granted.status !== 200) throw new Error(`could not grant ${role}: ${JSON.stringify(granted.body)}`);
  return user;
}

/** The error a connection attempt ends with (its SQLSTATE and message), or undefined when it connects. */
async function connectError(token: string, database: string): Promise<{ code: string; message: string } | undefined> {
  const client = new Client({ host: '127.0.0.1', port: shared.sqlApiPort, user: 'quarry', password: token, database });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (error) {
    return { code: (error as DatabaseError).code ?? '', message: (error as Error).message };
  }
}

async function queryError(token: string, database: string, sql: string, values: unknown[] = []): Promise<DatabaseError> {
  const client = await pgClient(token, database);
  try {
    await client.query(sql, values);
    throw new Error(`the statement ran: ${sql}`);
  } catch (error) {
    return error as DatabaseError;
  } finally {
    await client.end();
  }
}

describe('SQL API: the same locks as runQuery', () => {
  let projectUuid: string;

  beforeAll(async () => {
    projectUuid = await compiledJaffleProject(JAFFLE_WAREHOUSES.postgres);
  });

  it('refuses a wrong or revoked token with 28P01', async () => {
    expect(await connectError('qry_not-a-token', projectUuid)).toMatchObject({ code: '28P01' });
    const user = await userWithToken('member');
    const tokens = await call(shared.baseUrl, 'GET', '/api/v1/user/me/personal-access-tokens', { token: user.token });
    for (const token of tokens.body.results as Array<{ uuid: string }>) {
      await call(shared.baseUrl, 'DELETE', `/api/v1/user/me/personal-access-tokens/${token.uuid}`, { token: user.token });
    }
    expect(await connectError(user.token, projectUuid)).toMatchObject({ code: '28P01' });
  });

  it('answers a project the caller has no role on exactly like one that does not exist', async () => {
    const outsider = await userWithToken('member');
    const hidden = await connectError(outsider.token, projectUuid);
    const missing = await connectError(outsider.token, '00000000-0000-4000-8000-000000000000');
    expect(hidden?.code).toBe('3D000');
    expect(hidden?.message.replace(projectUuid, '<db>')).toBe(missing?.message.replace('00000000-0000-4000-8000-000000000000', '<db>'));
    // By name too: the admin's project name means nothing to the outsider.
    const project = await call(shared.baseUrl, 'GET', `/api/v1/projects/${projectUuid}`, { token: shared.adminToken });
    expect(await connectError(outsider.token, project.body.results.name)).toMatchObject({ code: '3D000' });
  });

  it('lets a viewer list the catalog but run queries only as runQuery allows (interactive viewers)', async () => {
    const viewer = await projectMember(projectUuid, 'viewer');
    const interactive = await projectMember(projectUuid, 'interactive_viewer');
    const body = {
      exploreName: 'orders',
      dimensions: ['orders_status'],
      metrics: [],
      filters: {},
      sorts: [],
      limit: 10,
      tableCalculations: [],
    };
    const asViewer = await call(shared.baseUrl, 'POST', `/api/v1/projects/${projectUuid}/explores/orders/runQuery`, {
      token: viewer.token,
      body,
    });
    const sql = 'SELECT orders_status FROM orders GROUP BY 1 LIMIT 10';
    if (asViewer.status === 403) expect((await queryError(viewer.token, projectUuid, sql)).code).toBe('42501');
    else expect(asViewer.status).toBe(200);
    const client = await pgClient(interactive.token, projectUuid);
    try {
      expect((await client.query(sql)).rows.length).toBeGreaterThan(0);
      expect((await client.query("SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'")).rows[0].n).not.toBe(
        '0',
      );
    } finally {
      await client.end();
    }
  });

  it('never passes raw SQL through to the warehouse', async () => {
    // The warehouse's own table, a function only the warehouse has, a write: none reaches PostgreSQL.
    for (const sql of [
      'SELECT status FROM jaffle.orders',
      'SELECT * FROM raw_orders',
      'DROP TABLE orders',
      "COPY orders TO '/tmp/x'",
      'CREATE TABLE x (a int)',
    ]) {
      const error = await queryError(shared.adminToken, projectUuid, sql);
      expect(error.code).toMatch(/^(42|0A|25)/);
    }
    const injection = "'; DROP TABLE jaffle.orders; --";
    const client = await pgClient(shared.adminToken, projectUuid);
    try {
      expect((await client.query('SELECT orders_status FROM orders WHERE orders_status = $1 GROUP BY 1', [injection])).rows).toEqual([]);
      expect(
        (await client.query(`SELECT orders_status FROM orders WHERE orders_status = '${injection.replace(/'/g, "''")}' GROUP BY 1`)).rows,
      ).toEqual([]);
    } finally {
      await client.end();
    }
    const warehouse = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await warehouse.connect();
    try {
      expect(Number((await warehouse.query('SELECT count(*) AS n FROM jaffle.orders')).rows[0].n)).toBeGreaterThan(0);
    } finally {
      await warehouse.end();
    }
  });

  it('shows and serves no hidden field (orders.amount is hidden)', async () => {
    const client = await pgClient(shared.adminToken, projectUuid);
    try {
      const columns = await client.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'orders'");
      expect(columns.rows.map((row) => row.column_name)).not.toContain('orders_amount');
    } finally {
      await client.end();
    }
    expect((await queryError(shared.adminToken, projectUuid, 'SELECT orders_amount FROM orders')).code).toBe('42703');
  });

  it('bounds filter lists as runQuery does (at most 10,000 values in one rule)', async () => {
    const values = Array.from({ length: 10_001 }, (_, index) => `'s${index}'`).join(', ');
    const error = await queryError(
      shared.adminToken,
      projectUuid,
      `SELECT orders_status FROM orders WHERE orders_status IN (${values}) GROUP BY 1`,
    );
    expect(error.message).toContain('at most 10000');
  });

  it('ends a connection that sends a message beyond the size limit with 54000, before or after authentication', async () => {
    // Authenticated: a Query declared as ≈ 2 GiB, of which 2 MiB (twice the default limit) is sent.
    const afterLogin = await oversizedMessage(projectUuid, true);
    expect(afterLogin).toEqual({ loggedIn: true, errorCode: '54000', closed: true });
    // Not authenticated: a startup packet declared as ≈ 2 GiB.
    const beforeLogin = await oversizedMessage(projectUuid, false);
    expect(beforeLogin).toEqual({ loggedIn: false, errorCode: '54000', closed: true });
    // The API still answers everyone else.
    const client = await pgClient(shared.adminToken, projectUuid);
    try {
      expect((await client.query('SELECT orders_status FROM orders GROUP BY 1 ORDER BY 1 LIMIT 1')).rowCount).toBe(1);
    } finally {
      await client.end();
    }
  });
});

/** The SQLSTATE of the first ErrorResponse in what the server sent (backend messages: code, int32 length, body). */
function firstErrorCode(received: Buffer): string | undefined {
  for (let offset = 0; offset + 5 <= received.length; offset += 1 + received.readInt32BE(offset + 1)) {
    if (received[offset] !== 0x45) continue;
    const body = received.subarray(offset + 5, offset + 1 + received.readInt32BE(offset + 1));
    for (let field = 0; field < body.length && body[field] !== 0; field = body.indexOf(0, field) + 1) {
      if (body[field] === 0x43) return body.toString('utf8', field + 1, body.indexOf(0, field));
    }
  }
  return undefined;
}

/** A ≈ 2 GiB length in a message header, then 2 MiB of its body in 64 KiB writes while the socket takes them. */
function sendOversized(socket: Socket, header: Buffer): void {
  socket.write(header);
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  const more = () => {
    while (sent < 32 && !socket.destroyed) {
      sent += 1;
      if (!socket.write(chunk)) {
        socket.once('drain', more);
        return;
      }
    }
  };
  more();
}

/**
 * A raw client that starts (and, if `login`, authenticates) then sends an oversized message: what it
 * received (whether login succeeded, the error's SQLSTATE) once the server has closed the connection.
 */
function oversizedMessage(
  database: string,
  login: boolean,
): Promise<{ loggedIn: boolean; errorCode: string | undefined; closed: boolean }> {
  const socket = connectSocket({ host: '127.0.0.1', port: shared.sqlApiPort });
  const chunks: Buffer[] = [];
  let loggedIn = false;
  let passwordSent = false;
  // Writes racing the server's close fail with EPIPE or ECONNRESET: what matters is what was received.
  socket.on('error', () => undefined);
  return new Promise((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const received = Buffer.concat(chunks);
      // AuthenticationCleartextPassword (R, 3): the password; ReadyForQuery (Z): the oversized Query.
      if (login && !passwordSent && received.includes(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]))) {
        passwordSent = true;
        socket.write(serialize.password(shared.adminToken));
      }
      if (login && !loggedIn && received.includes(Buffer.from([0x5a, 0, 0, 0, 5, 0x49]))) {
        loggedIn = true;
        sendOversized(socket, Buffer.from([0x51, 0x7f, 0xff, 0xff, 0xf0]));
      }
    });
    socket.on('close', () => resolve({ loggedIn, errorCode: firstErrorCode(Buffer.concat(chunks)), closed: true }));
    socket.on('connect', () => {
      if (login) socket.write(serialize.startup({ user: 'quarry', database }));
      else sendOversized(socket, Buffer.from([0x7f, 0xff, 0xff, 0xf0]));
    });
  });
}
