export { type ApiResponse, call } from './api-client';
export { DIST, freePort, ROOT, type RunningProcess, startApp } from './app-processes';
export { createOrganization, MACHINE_REDIS_URL, privateEnvironment, startApi } from './private-environment';
export { deleteRedisPrefix } from './redis-prefix';
export { waitFor, waitForHealthy } from './wait-for';
export { workspaceRoot } from './workspace-root';
