// The worker image's HEALTHCHECK: exits 0 when Redis answers and every queue the worker consumes
// has at least one worker connected. (With several worker containers on one Redis it cannot tell
// which one is connected; the container's own liveness is Docker's.)
'use strict';
const { Queue } = require('bullmq');
const Redis = require('ioredis');

// libs/jobs-contracts QueueName: the queues apps/worker consumes.
const QUEUES = ['maintenance', 'projects', 'exports', 'pre-aggregates'];
const prefix = process.env.QUEUE_PREFIX || 'quarry';

async function main() {
  const connection = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', { connectTimeout: 3000, maxRetriesPerRequest: 1 });
  const queues = QUEUES.map((name) => new Queue(name, { connection, prefix }));
  try {
    const counts = await Promise.all(queues.map((queue) => queue.getWorkersCount()));
    const idle = QUEUES.filter((_, index) => counts[index] === 0);
    if (idle.length) throw new Error(`no worker on queue(s) ${idle.join(', ')}`);
  } finally {
    await Promise.allSettled(queues.map((queue) => queue.close()));
    connection.disconnect();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`unhealthy: ${error.message}\n`);
    process.exit(1);
  },
);
