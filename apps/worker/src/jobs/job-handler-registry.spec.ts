import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { JobName, QueueName } from '@quarry/jobs-contracts';

import { HandlesJob } from './handles-job.decorator';
import { describeProblems, JobHandlerRegistry } from './job-handler-registry';

@Injectable()
@HandlesJob(JobName.PurgeExpired)
class FirstPurgeHandler {
  handle() {
    return Promise.resolve({ tokensPurged: 0, queriesPurged: 0, filesPurged: 0, bytesFreed: 0 });
  }
}

@Injectable()
@HandlesJob(JobName.PurgeExpired)
class SecondPurgeHandler extends FirstPurgeHandler {}

async function registryWith(...providers: Array<new (...args: never[]) => unknown>) {
  const module = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [JobHandlerRegistry, ...providers] }).compile();
  return module.init().then(() => module.get(JobHandlerRegistry));
}

describe('JobHandlerRegistry', () => {
  it('refuses to start when a job has no handler', async () => {
    await expect(registryWith()).rejects.toThrow(/job "maintenance.purge-expired" has no handler/);
  });

  it('refuses to start when a job has two handlers', async () => {
    await expect(registryWith(FirstPurgeHandler, SecondPurgeHandler)).rejects.toThrow(
      /has 2 handlers: FirstPurgeHandler, SecondPurgeHandler/,
    );
  });

  it('refuses to start when a queue has no processor', async () => {
    await expect(registryWith(FirstPurgeHandler)).rejects.toThrow(/queue "maintenance" .* has no processor/);
  });

  it('accepts exactly one handler per job and one processor per queue', () => {
    const problems = describeProblems(
      new Map([
        [JobName.PurgeExpired, ['PurgeHandler']],
        [JobName.CompileProject, ['CompileHandler']],
        [JobName.DownloadCsv, ['DownloadCsvHandler']],
        [JobName.UploadSheet, ['UploadSheetHandler']],
        [JobName.BuildPreAggregate, ['BuildPreAggregateHandler']],
        [JobName.RunSql, ['RunSqlHandler']],
      ]),
      new Map([
        [QueueName.Maintenance, ['MaintenanceProcessor']],
        [QueueName.Projects, ['ProjectsProcessor']],
        [QueueName.Exports, ['ExportsProcessor']],
        [QueueName.PreAggregates, ['PreAggregatesProcessor']],
      ]),
    );
    expect(problems).toEqual([]);
  });
});
