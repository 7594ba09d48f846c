// The process helpers live in @quarry/testing, shared with the benchmark runner (apps/bench).
export { DIST, freePort, ROOT, type RunningProcess, startApp, waitFor, waitForHealthy } from '@quarry/testing';
