import type { RunningProcess, TestDatabase } from '@quarry/testing';

// The environment helpers live in @quarry/testing, shared with the benchmark runner (apps/bench).
export { createOrganization, MACHINE_REDIS_URL, privateEnvironment, startApi } from '@quarry/testing';

export interface QuarryUnderTest {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  database: TestDatabase;
  dataDir: string;
  adminToken: string;
  organizationUuid: string;
  api: RunningProcess;
  worker: RunningProcess;
}
