import { asKind, type Node, nodeKind } from './sql-parser';
import { SqlApiError, type SessionPlan } from './sql-plan';

/** Statements that change data or schema: the SQL API is read-only, as a read-only transaction answers them. */
const WRITES: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  TruncateStmt: 'TRUNCATE',
  CreateStmt: 'CREATE TABLE',
  CreateTableAsStmt: 'CREATE TABLE AS',
  ViewStmt: 'CREATE VIEW',
  IndexStmt: 'CREATE INDEX',
  CreateSchemaStmt: 'CREATE SCHEMA',
  CreateFunctionStmt: 'CREATE FUNCTION',
  CreateSeqStmt: 'CREATE SEQUENCE',
  CreatedbStmt: 'CREATE DATABASE',
  DropStmt: 'DROP',
  DropdbStmt: 'DROP DATABASE',
  AlterTableStmt: 'ALTER TABLE',
  RenameStmt: 'ALTER … RENAME',
  GrantStmt: 'GRANT',
  GrantRoleStmt: 'GRANT',
  CreateRoleStmt: 'CREATE ROLE',
  AlterRoleStmt: 'ALTER ROLE',
  DropRoleStmt: 'DROP ROLE',
  CommentStmt: 'COMMENT',
  VacuumStmt: 'VACUUM',
  ClusterStmt: 'CLUSTER',
  ReindexStmt: 'REINDEX',
  LockStmt: 'LOCK',
  RefreshMatViewStmt: 'REFRESH MATERIALIZED VIEW',
  DoStmt: 'DO',
  CallStmt: 'CALL',
};

const TRANSACTIONS: Record<string, 'BEGIN' | 'COMMIT' | 'ROLLBACK'> = {
  TRANS_STMT_BEGIN: 'BEGIN',
  TRANS_STMT_START: 'BEGIN',
  TRANS_STMT_COMMIT: 'COMMIT',
  TRANS_STMT_ROLLBACK: 'ROLLBACK',
};

/** The session plan of a statement that is not a query, or undefined for a SELECT. Throws for what the API refuses. */
export function sessionPlan(statement: Node): SessionPlan | undefined {
  const [kind, body] = nodeKind(statement);
  if (kind === 'SelectStmt') return undefined;
  if (kind === 'VariableSetStmt') return setPlan(body);
  if (kind === 'VariableShowStmt') return { kind: 'show', name: String(body['name'] ?? '').toLowerCase() };
  if (kind === 'DiscardStmt') return { kind: 'set', name: 'all', value: null };
  if (kind === 'TransactionStmt') {
    const command = TRANSACTIONS[String(body['kind'])];
    if (!command) throw new SqlApiError('0A000', `${transactionName(String(body['kind']))} is not supported by the SQL API`);
    return { kind: 'transaction', command };
  }
  const write = WRITES[kind];
  if (write) throw new SqlApiError('25006', `cannot execute ${write} in a read-only transaction: the SQL API only reads explores`);
  if (kind === 'CopyStmt') throw new SqlApiError('0A000', 'COPY is not supported by the SQL API: use SELECT');
  if (kind === 'ExplainStmt') throw new SqlApiError('0A000', 'EXPLAIN is not supported by the SQL API');
  if (kind === 'PrepareStmt' || kind === 'ExecuteStmt' || kind === 'DeallocateStmt') {
    throw new SqlApiError('0A000', 'PREPARE/EXECUTE/DEALLOCATE statements are not supported: use the extended query protocol');
  }
  throw new SqlApiError('0A000', `${statementName(kind)} is not supported by the SQL API`);
}

function setPlan(body: Node): SessionPlan {
  const kind = String(body['kind']);
  const name = String(body['name'] ?? '').toLowerCase();
  if (kind === 'VAR_RESET_ALL') return { kind: 'set', name: 'all', value: null };
  if (kind === 'VAR_RESET' || kind === 'VAR_SET_DEFAULT' || kind === 'VAR_SET_CURRENT') return { kind: 'set', name, value: null };
  // SET TRANSACTION … (VAR_SET_MULTI) is a setting like any other: a read-only API has nothing to isolate.
  return { kind: 'set', name, value: settingText(body['args']) };
}

/** A setting's value as SHOW would print it: `SET search_path = a, b` → `a, b`. */
function settingText(args: unknown): string {
  if (!Array.isArray(args)) return '';
  return args.map(argumentText).join(', ');
}

function argumentText(arg: unknown): string {
  const constant = asKind(arg, 'A_Const');
  if (constant) {
    for (const [key, field] of [['sval', 'sval'], ['ival', 'ival'], ['fval', 'fval'], ['boolval', 'boolval']] as const) {
      const value = constant[key] as Node | undefined;
      if (value) return String(value[field] ?? (key === 'ival' ? 0 : key === 'boolval' ? false : ''));
    }
  }
  const cast = asKind(arg, 'TypeCast');
  if (cast) return argumentText(cast['arg']);
  const defElem = asKind(arg, 'DefElem');
  if (defElem) return `${String(defElem['defname'])} ${argumentText(defElem['arg'])}`.trim();
  return '';
}

function transactionName(kind: string): string {
  return kind.replace(/^TRANS_STMT_/, '').replace(/_/g, ' ');
}

function statementName(kind: string): string {
  return kind.replace(/Stmt$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toUpperCase();
}
