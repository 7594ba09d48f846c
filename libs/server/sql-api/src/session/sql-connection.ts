import type { Socket } from 'node:net';

import type { Logger } from '@nestjs/common';
import type { Principal } from '@quarry/domain';
import {
  type BoundMetricQuery,
  loadSqlParser,
  type MetricQueryPlan,
  planSql,
  SqlApiError,
  type SqlCatalog,
  type SqlParameterValue,
  type SqlPlan,
} from '@quarry/sql-api';
import { PostgresConnection, type State, type TlsOptions } from 'pg-gateway';

import type { CatalogEngine } from '../catalog/catalog-engine';
import { backend, type TransactionStatus, type WireColumn } from '../wire/backend-messages';
import { frontend } from '../wire/frontend-builders';
import { type BindMessage, readBind, readExecute, readParse, readQuery, readTarget, resultFormat } from '../wire/frontend-messages';
import { type FramingError, MessageFramer, PreAuthenticationBudget } from '../wire/message-framer';
import { decodeParameter, encodeBinary, encodeText, parameterType, TYPE_OIDS, typeSize } from '../wire/value-codec';
import { SERVER_VERSION, SessionSettings } from './session-settings';
import type { SqlApiBackend } from './sql-api-backend';
import { splitStatements } from './statement-splitter';
import { isUnexpected, wireError } from './wire-errors';

/** How long a rejected client may keep sending (read and dropped) before its connection is cut. */
const REJECTED_LINGER_MS = 2_000;

/** How long a connection plans against the catalog it read before reading it again (recompiles, role changes). */
const CATALOG_TTL_MS = 5_000;
const CANCEL_REQUEST_CODE = 80877102;

export interface ConnectionContext {
  backend: SqlApiBackend;
  engine: CatalogEngine;
  logger: Logger;
  tls: TlsOptions | undefined;
  /** The largest protocol message a client may send (SQL_API_MAX_MESSAGE_BYTES). */
  maxMessageBytes: number;
  /** A CancelRequest arrived on this (new) connection for that backend key. */
  cancel(processId: number, secretKey: number): void;
  closed(connection: SqlConnection): void;
}

interface PreparedStatement {
  sql: string;
  plan: SqlPlan;
  parameterOids: number[];
  /** Catalog statements: the ParameterDescription and RowDescription/NoData the catalog engine gave. */
  description?: Buffer[];
}

interface Portal {
  statement: PreparedStatement;
  bind: BindMessage;
  query?: BoundMetricQuery;
  /** Encoded rows, once executed; `sent` of them are with the client. */
  rows?: Buffer[];
  sent: number;
}

/** A statement failed after its ErrorResponse was already queued (the catalog engine's own). */
class ErrorAlreadySent extends Error {}

/** One client of the SQL API: startup and authentication (pg-gateway), then the simple and extended query protocols. */
export class SqlConnection {
  readonly processId: number;
  readonly secretKey: number;
  private readonly gateway: PostgresConnection;
  private principal: Principal | undefined;
  private projectUuid = '';
  private catalog: SqlCatalog = { tables: [] };
  private catalogReadAt = 0;
  private session = new SessionSettings({});
  private status: TransactionStatus = 'I';
  /** An extended-protocol message failed: the rest up to Sync is ignored. */
  private skippingToSync = false;
  private readonly statements = new Map<string, PreparedStatement>();
  private readonly portals = new Map<string, Portal>();
  private running: AbortController | undefined;
  private output: Buffer[] = [];
  private readonly inbox: Buffer[] = [];
  private draining = false;
  private passwordReceived = false;
  private readonly budget: PreAuthenticationBudget;

  constructor(
    socket: Socket,
    private readonly context: ConnectionContext,
    keys: { processId: number; secretKey: number },
  ) {
    this.processId = keys.processId;
    this.secretKey = keys.secretKey;
    this.framer = new MessageFramer(context.maxMessageBytes);
    this.budget = new PreAuthenticationBudget(context.maxMessageBytes);
    const count = (chunk: Buffer) => this.countBeforeAuthentication(chunk);
    this.gateway = new PostgresConnection(socket, {
      authMode: 'cleartextPassword',
      serverVersion: SERVER_VERSION,
      ...(context.tls ? { tls: context.tls } : {}),
      onMessage: (data, state) => this.onMessage(Buffer.from(data.buffer, data.byteOffset, data.byteLength), state),
      // After the TLS handshake the client's bytes arrive on the TLS socket.
      onTlsUpgrade: () => {
        this.gateway.socket.on('data', count);
      },
    });
    socket.on('data', count);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.running?.abort();
      context.closed(this);
    });
  }

  /** CancelRequest with this connection's key: its running query stops (in the warehouse too). */
  cancel(): void {
    this.running?.abort(new Error('canceled by the client'));
  }

  /**
   * Every message after startup is queued and answered in order by `drain`: pg-gateway resumes the
   * socket as soon as this returns, and a handler that awaited here would let the next chunk be
   * merged into the buffer it is still reading (messages arrive pipelined: Parse/Bind/Execute/Sync).
   */
  private onMessage(data: Buffer, state: State): boolean {
    if (!state.hasStarted) return this.beforeStartup(data);
    if (!state.isAuthenticated && !this.passwordReceived) {
      if (data[0] !== 0x70) return false;
      this.passwordReceived = true;
    }
    this.inbox.push(Buffer.from(data));
    void this.drain();
    return true;
  }

  /** Frames the stream itself: pg-gateway 0.2.4 misframes pipelined messages after the first of a chunk. */
  private readonly framer: MessageFramer;

  /** Queues each whole message; a message declared beyond the size limit ends the connection unread. */
  private receive(chunk: Buffer): void {
    const { messages, error } = this.framer.push(chunk);
    this.inbox.push(...messages);
    if (error) {
      this.reject(error);
      return;
    }
    void this.drain();
  }

  /** Before authentication: the bytes pg-gateway would buffer are counted against the same limit. */
  private countBeforeAuthentication(chunk: Buffer): void {
    if (this.principal || this.rejected) return;
    const error = this.budget.add(chunk.length);
    if (error) this.reject(error);
  }

  private rejected = false;

  /** FATAL, then the connection closes once the error is written; nothing more it sends is buffered. */
  private reject(error: FramingError): void {
    this.rejected = true;
    this.inbox.length = 0;
    const socket = this.gateway.detach();
    socket.removeAllListeners('data');
    // What the client still sends is read and dropped until it closes: closing with unread bytes in the
    // kernel's buffer would reset the connection, and the client could lose the error before reading it.
    socket.on('data', () => undefined);
    this.queue(backend.error({ severity: 'FATAL', ...error }));
    this.flush();
    socket.end();
    const linger = setTimeout(() => socket.destroy(), REJECTED_LINGER_MS);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let message = this.inbox.shift(); message; message = this.inbox.shift()) {
        if (this.principal) await this.handle(message);
        else await this.authenticate(message);
        // One write for what answers a pipelined batch (Bind/Describe/Execute/Sync): one packet, not four.
        if (this.inbox.length === 0) this.flush();
      }
    } catch (error) {
      this.context.logger.error({ err: error }, 'SQL API connection failed');
      this.inbox.length = 0;
      this.gateway.socket.destroy();
    } finally {
      this.draining = false;
    }
  }

  private beforeStartup(data: Buffer): boolean {
    if (data.length !== 16 || data.readInt32BE(4) !== CANCEL_REQUEST_CODE) return false;
    this.context.cancel(data.readInt32BE(8), data.readInt32BE(12));
    this.gateway.socket.end();
    return true;
  }

  private async authenticate(data: Buffer): Promise<void> {
    const parameters = this.gateway.clientInfo?.parameters ?? { user: '' };
    const password = data.toString('utf8', 5, data.indexOf(0, 5));
    let principal: Principal;
    try {
      principal = await this.context.backend.authenticate(password);
    } catch {
      this.fatal('28P01', `password authentication failed for user "${parameters.user}": the password must be a personal access token`);
      return;
    }
    try {
      this.projectUuid = await this.context.backend.resolveProject(principal, parameters['database'] ?? parameters.user);
      this.catalog = await this.context.backend.catalog(principal, this.projectUuid);
      this.catalogReadAt = Date.now();
      this.session = new SessionSettings(parameters);
      await loadSqlParser();
    } catch (error) {
      const { code, message } = wireError(error);
      this.fatal(code, message);
      return;
    }
    this.principal = principal;
    this.gateway.isAuthenticated = true;
    // From here the messages are framed here: pg-gateway 0.2.4 slices every message after the first of a
    // chunk wrongly (subarray(start, length)), and clients pipeline Parse/Bind/Execute/Sync in one chunk.
    const socket = this.gateway.detach();
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    this.queue(backend.authenticationOk(), ...this.session.reported().map(({ name, value }) => backend.parameterStatus(name, value)));
    this.queue(backend.backendKeyData(this.processId, this.secretKey), backend.readyForQuery('I'));
    this.flush();
  }

  private fatal(code: string, message: string): void {
    this.inbox.length = 0;
    this.queue(backend.error({ severity: 'FATAL', code, message }));
    this.flush();
    this.gateway.socket.end();
  }

  private async handle(data: Buffer): Promise<void> {
    const code = String.fromCharCode(data[0] as number);
    switch (code) {
      case 'Q':
        await this.simpleQuery(readQuery(data));
        break;
      case 'S':
        this.skippingToSync = false;
        if (this.status === 'I') this.portals.clear();
        this.queue(backend.readyForQuery(this.status));
        break;
      case 'H':
        break;
      case 'X':
        this.gateway.socket.end();
        return;
      case 'P':
      case 'B':
      case 'D':
      case 'E':
      case 'C':
        if (!this.skippingToSync) await this.extended(code, data);
        break;
      default:
        this.queue(
          backend.error({ severity: 'ERROR', code: '0A000', message: `protocol message "${code}" is not supported by the SQL API` }),
        );
    }
  }

  // Simple protocol

  private async simpleQuery(sql: string): Promise<void> {
    const statements = splitStatements(sql);
    if (statements.length === 0) this.queue(backend.emptyQueryResponse());
    for (const statement of statements) {
      try {
        await this.simpleStatement(statement);
      } catch (error) {
        this.failed(error);
        break;
      }
    }
    this.queue(backend.readyForQuery(this.status));
  }

  private async simpleStatement(sql: string): Promise<void> {
    const plan = await this.plan(sql);
    this.assertUsable(plan);
    switch (plan.kind) {
      case 'metricQuery': {
        if (plan.parameterTypes.length > 0)
          throw new SqlApiError('42P02', 'there is no parameter $1: send parameters with the extended protocol');
        const rows = await this.read(this.bindQuery(plan, []));
        this.queue(backend.rowDescription(this.columns(plan, [])));
        this.queue(...rows.map((row) => this.encodeRow(plan, row, [])), backend.commandComplete(`SELECT ${rows.length}`));
        return;
      }
      case 'catalog':
        this.forward(await this.context.engine.run(await this.currentCatalog(), frontend.query(sql)));
        return;
      case 'show':
        this.queue(backend.rowDescription([textColumn(plan.name)]));
        this.queue(backend.dataRow([Buffer.from(this.session.show(plan.name))]), backend.commandComplete('SHOW'));
        return;
      case 'set':
      case 'transaction':
      case 'empty':
        this.sessionStatement(plan);
    }
  }

  // Extended protocol

  private async extended(code: string, data: Buffer): Promise<void> {
    try {
      if (code === 'P') await this.parse(data);
      else if (code === 'B') await this.bind(data);
      else if (code === 'D') await this.describe(data);
      else if (code === 'E') await this.execute(data);
      else this.close(data);
    } catch (error) {
      this.failed(error);
      this.skippingToSync = true;
    }
  }

  private async parse(data: Buffer): Promise<void> {
    const { name, sql, parameterOids } = readParse(data);
    if (name !== '' && this.statements.has(name)) throw new SqlApiError('42P05', `prepared statement "${name}" already exists`);
    const plan = await this.plan(sql);
    this.assertUsable(plan);
    const statement: PreparedStatement = { sql, plan, parameterOids };
    if (plan.kind === 'catalog') {
      const described = await this.context.engine.run(
        await this.currentCatalog(),
        Buffer.concat([frontend.parse(sql, parameterOids), frontend.describe('S'), frontend.sync()]),
      );
      this.forward(described.filter((message) => message.code === 'E'));
      statement.description = described
        .filter((message) => message.code === 't' || message.code === 'T' || message.code === 'n')
        .map((message) => message.message);
    }
    this.statements.set(name, statement);
    this.queue(backend.parseComplete());
  }

  private async bind(data: Buffer): Promise<void> {
    const bind = readBind(data);
    const statement = this.statements.get(bind.statement);
    if (!statement) throw new SqlApiError('26000', `prepared statement "${bind.statement}" does not exist`);
    if (bind.portal !== '' && this.portals.has(bind.portal)) throw new SqlApiError('42P03', `cursor "${bind.portal}" already exists`);
    const portal: Portal = { statement, bind, sent: 0 };
    const plan = statement.plan;
    if (plan.kind === 'metricQuery') {
      const types = plan.parameterTypes;
      if (bind.parameters.length !== types.length) {
        throw new SqlApiError(
          '08P01',
          `bind message supplies ${bind.parameters.length} parameters, but prepared statement "${bind.statement}" requires ${types.length}`,
        );
      }
      const values = types.map((planned, index) => {
        const declared = statement.parameterOids[index];
        return decodeParameter(
          parameterType(declared, planned),
          declared,
          bind.parameterFormats[index] ?? 0,
          bind.parameters[index] ?? null,
        );
      });
      portal.query = this.bindQuery(plan, values);
    }
    this.portals.set(bind.portal, portal);
    this.queue(backend.bindComplete());
  }

  private async describe(data: Buffer): Promise<void> {
    const { kind, name } = readTarget(data);
    if (kind === 'S') {
      const statement = this.statements.get(name);
      if (!statement) throw new SqlApiError('26000', `prepared statement "${name}" does not exist`);
      if (statement.description) {
        this.queue(...statement.description);
        return;
      }
      const plan = statement.plan;
      const parameters =
        plan.kind === 'metricQuery' ? plan.parameterTypes.map((type, index) => statement.parameterOids[index] || TYPE_OIDS[type]) : [];
      this.queue(backend.parameterDescription(parameters), this.resultDescription(plan, []));
      return;
    }
    const portal = this.portals.get(name);
    if (!portal) throw new SqlApiError('34000', `portal "${name}" does not exist`);
    if (portal.statement.plan.kind === 'catalog') {
      const messages = Buffer.concat([
        frontend.parse(portal.statement.sql, portal.statement.parameterOids),
        frontend.bind(portal.bind),
        frontend.describe('P'),
        frontend.sync(),
      ]);
      this.forward(
        (await this.context.engine.run(await this.currentCatalog(), messages)).filter((message) => ['T', 'n', 'E'].includes(message.code)),
      );
      return;
    }
    this.queue(this.resultDescription(portal.statement.plan, portal.bind.resultFormats));
  }

  private async execute(data: Buffer): Promise<void> {
    const { portal: name, maxRows } = readExecute(data);
    const portal = this.portals.get(name);
    if (!portal) throw new SqlApiError('34000', `portal "${name}" does not exist`);
    const plan = portal.statement.plan;
    this.assertUsable(plan);
    switch (plan.kind) {
      case 'metricQuery': {
        portal.rows ??= (await this.read(portal.query as BoundMetricQuery)).map((row) =>
          this.encodeRow(plan, row, portal.bind.resultFormats),
        );
        const end = maxRows > 0 ? Math.min(portal.sent + maxRows, portal.rows.length) : portal.rows.length;
        this.queue(...portal.rows.slice(portal.sent, end));
        const sent = end - portal.sent;
        portal.sent = end;
        this.queue(end < portal.rows.length ? backend.portalSuspended() : backend.commandComplete(`SELECT ${sent}`));
        return;
      }
      case 'catalog': {
        const messages = Buffer.concat([
          frontend.parse(portal.statement.sql, portal.statement.parameterOids),
          frontend.bind(portal.bind),
          frontend.execute(),
          frontend.sync(),
        ]);
        this.forward(
          (await this.context.engine.run(await this.currentCatalog(), messages)).filter((message) =>
            ['D', 'C', 'E', 'I', 'N'].includes(message.code),
          ),
        );
        return;
      }
      case 'show':
        this.queue(backend.dataRow([Buffer.from(this.session.show(plan.name))]), backend.commandComplete('SHOW'));
        return;
      case 'set':
      case 'transaction':
      case 'empty':
        this.sessionStatement(plan);
    }
  }

  private close(data: Buffer): void {
    const { kind, name } = readTarget(data);
    if (kind === 'S') this.statements.delete(name);
    else this.portals.delete(name);
    this.queue(backend.closeComplete());
  }

  // Shared

  private async plan(sql: string): Promise<SqlPlan> {
    if (sql.trim() === '') return { kind: 'empty' };
    await this.refreshCatalog(false);
    return planSql(sql, this.catalog);
  }

  /** In a failed transaction only its end is accepted, as in PostgreSQL. */
  private assertUsable(plan: SqlPlan): void {
    if (this.status === 'E' && !(plan.kind === 'transaction' && plan.command !== 'BEGIN')) {
      throw new SqlApiError('25P02', 'current transaction is aborted, commands ignored until end of transaction block');
    }
  }

  private sessionStatement(plan: Extract<SqlPlan, { kind: 'set' | 'transaction' | 'empty' }>): void {
    switch (plan.kind) {
      case 'set': {
        this.queue(...this.session.set(plan.name, plan.value).map(({ name, value }) => backend.parameterStatus(name, value)));
        this.queue(backend.commandComplete(plan.value === null ? 'RESET' : 'SET'));
        return;
      }
      case 'transaction': {
        const tag = plan.command === 'COMMIT' && this.status === 'E' ? 'ROLLBACK' : plan.command;
        this.status = plan.command === 'BEGIN' ? 'T' : 'I';
        this.queue(backend.commandComplete(tag));
        return;
      }
      case 'empty':
        this.queue(backend.emptyQueryResponse());
    }
  }

  private resultDescription(plan: SqlPlan, formats: readonly number[]): Buffer {
    if (plan.kind === 'metricQuery') return backend.rowDescription(this.columns(plan, formats));
    if (plan.kind === 'show') return backend.rowDescription([textColumn(plan.name)]);
    return backend.noData();
  }

  private columns(plan: MetricQueryPlan, formats: readonly number[]): WireColumn[] {
    return plan.columns.map((column, index) => ({
      name: column.name,
      typeOid: TYPE_OIDS[column.type],
      typeSize: typeSize(column.type),
      format: resultFormat(formats, index),
    }));
  }

  private encodeRow(plan: MetricQueryPlan, row: Record<string, unknown>, formats: readonly number[]): Buffer {
    return backend.dataRow(
      plan.columns.map((column, index) =>
        resultFormat(formats, index) === 1 ? encodeBinary(column.type, row[column.fieldId]) : encodeText(column.type, row[column.fieldId]),
      ),
    );
  }

  private bindQuery(plan: MetricQueryPlan, values: SqlParameterValue[]): BoundMetricQuery {
    const timezone = this.session.timeZone();
    return plan.bindQuery(values, { now: new Date(), defaultLimit: this.context.backend.maxLimit, ...(timezone ? { timezone } : {}) });
  }

  /** The query's rows after OFFSET, at most LIMIT; without a LIMIT, a result the row cap cut short is refused. */
  private async read(bound: BoundMetricQuery): Promise<Array<Record<string, unknown>>> {
    const running = new AbortController();
    this.running = running;
    try {
      const rows = await this.context.backend.read(
        this.principal as Principal,
        this.projectUuid,
        bound.query,
        this.session.timeZone(),
        running.signal,
      );
      if (bound.limit === null && rows.length >= bound.query.limit) {
        throw new SqlApiError(
          '54000',
          `the result has more than ${bound.query.limit - bound.offset} rows, the most the SQL API returns: add a LIMIT`,
        );
      }
      return rows.slice(bound.offset, bound.limit === null ? undefined : bound.offset + bound.limit);
    } catch (error) {
      if (running.signal.aborted) throw new SqlApiError('57014', 'canceling statement due to user request');
      throw error;
    } finally {
      if (this.running === running) this.running = undefined;
    }
  }

  private async refreshCatalog(force: boolean): Promise<void> {
    if (!force && Date.now() - this.catalogReadAt < CATALOG_TTL_MS) return;
    this.catalog = await this.context.backend.catalog(this.principal as Principal, this.projectUuid);
    this.catalogReadAt = Date.now();
  }

  private async currentCatalog(): Promise<SqlCatalog> {
    await this.refreshCatalog(false);
    return this.catalog;
  }

  /** The catalog engine's answer goes to the client as is; its error fails the statement like ours. */
  private forward(messages: ReadonlyArray<{ code: string; message: Buffer }>): void {
    this.queue(...messages.map((message) => message.message));
    if (messages.some((message) => message.code === 'E')) throw new ErrorAlreadySent();
  }

  private failed(error: unknown): void {
    if (this.status === 'T') this.status = 'E';
    if (error instanceof ErrorAlreadySent) return;
    if (isUnexpected(error)) this.context.logger.error({ err: error }, 'SQL API statement failed');
    this.queue(backend.error(wireError(error)));
  }

  private queue(...messages: Buffer[]): void {
    this.output.push(...messages);
  }

  private flush(): void {
    if (this.output.length === 0) return;
    this.gateway.sendData(Buffer.concat(this.output));
    this.output = [];
  }
}

function textColumn(name: string): WireColumn {
  return { name, typeOid: TYPE_OIDS.text, typeSize: -1, format: 0 };
}
