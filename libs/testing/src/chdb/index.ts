export { CHDB_HTTP_SERVER_SCRIPT, type ChdbHttpServer, startChdbHttpServer } from './chdb-http';
export { JAFFLE_CLICKHOUSE_DATABASE, loadJaffleClickHouse } from './jaffle-clickhouse';
