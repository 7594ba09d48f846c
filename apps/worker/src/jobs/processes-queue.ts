import { WorkerHost } from '@nestjs/bullmq';
import type { QueueName } from '@quarry/jobs-contracts';

/** A provider that processes one queue's jobs: what the registry counts, so that every queue has exactly one. */
export interface ProcessesQueue {
  readonly queue: QueueName;
}

/**
 * Whether a provider is a queue's processor. A shape check, not `instanceof QueueProcessor`: the processor imports
 * the runner, which imports the registry, which would then import the processor (an import circle).
 */
export function processesQueue(instance: unknown): instance is ProcessesQueue {
  return instance instanceof WorkerHost && typeof (instance as Partial<ProcessesQueue>).queue === 'string';
}
