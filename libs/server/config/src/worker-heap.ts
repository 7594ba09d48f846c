/**
 * The worker's V8 heap cap, given to it through NODE_OPTIONS unless the environment sets its own.
 * Exports turn millions of rows into short-lived objects; on a large machine V8 otherwise lets
 * that garbage grow the heap by hundreds of megabytes before collecting it, as if the worker had
 * gigabytes to spare. 256 MB of old space is what V8 would choose in a ~512 MB container; raise it
 * (NODE_OPTIONS=--max-old-space-size=1024) for transform manifests of hundreds of megabytes.
 */
export const WORKER_NODE_OPTIONS = '--max-old-space-size=256';

/** The environment to start a worker with: NODE_OPTIONS set to the heap cap unless already set. */
export function workerEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env['NODE_OPTIONS'] ? env : { ...env, NODE_OPTIONS: WORKER_NODE_OPTIONS };
}
