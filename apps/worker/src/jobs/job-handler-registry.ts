import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { ALL_JOB_NAMES, JOB_QUEUE, JobName, type QueueName } from '@quarry/jobs-contracts';

import { HANDLES_JOB } from './handles-job.decorator';
import type { JobHandler } from './job-handler';
import { processesQueue } from './processes-queue';

export class JobRegistryError extends Error {}

/**
 * Finds the handler of every job name and the processor of every queue at startup, and refuses
 * to start when one is missing or doubled: a job nobody runs would wait in Redis forever.
 */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  /** Discovered through Nest's metadata, untyped: @HandlesJob(name) on the class is what says which handler it is. */
  private readonly handlers = new Map<JobName, unknown>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    const instances = this.discovery
      .getProviders()
      .map((wrapper) => ({ instance: wrapper.instance as unknown, metatype: wrapper.metatype }))
      .filter((provider) => provider.instance && provider.metatype);

    const found = new Map<JobName, string[]>();
    const processedQueues = new Map<QueueName, string[]>();
    for (const { instance, metatype } of instances) {
      const name = this.reflector.get<JobName | undefined>(HANDLES_JOB, metatype as NonNullable<typeof metatype>);
      const className = (metatype as { name: string }).name;
      if (name) {
        found.set(name, [...(found.get(name) ?? []), className]);
        this.handlers.set(name, instance);
      }
      if (processesQueue(instance)) {
        processedQueues.set(instance.queue, [...(processedQueues.get(instance.queue) ?? []), className]);
      }
    }
    const problems = describeProblems(found, processedQueues);
    if (problems.length > 0) throw new JobRegistryError(`Worker cannot start:\n  - ${problems.join('\n  - ')}`);
  }

  handlerFor<N extends JobName>(name: N): JobHandler<N> {
    const handler = this.handlers.get(name) as JobHandler<N> | undefined;
    if (!handler) throw new JobRegistryError(`No handler for job ${name}`);
    return handler;
  }
}

export function describeProblems(handlers: Map<JobName, string[]>, processors: Map<QueueName, string[]>): string[] {
  const problems: string[] = [];
  for (const name of ALL_JOB_NAMES) {
    const classes = handlers.get(name) ?? [];
    if (classes.length === 0) problems.push(`job "${name}" has no handler (@HandlesJob)`);
    if (classes.length > 1) problems.push(`job "${name}" has ${classes.length} handlers: ${classes.join(', ')}`);
    const queue = JOB_QUEUE[name];
    const queueProcessors = processors.get(queue) ?? [];
    if (queueProcessors.length === 0) problems.push(`queue "${queue}" (job "${name}") has no processor`);
    if (queueProcessors.length > 1)
      problems.push(`queue "${queue}" has ${queueProcessors.length} processors: ${queueProcessors.join(', ')}`);
  }
  return [...new Set(problems)];
}

export function isJobName(value: string): value is JobName {
  return (Object.values(JobName) as string[]).includes(value);
}
