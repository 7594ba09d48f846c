import { SetMetadata } from '@nestjs/common';
import type { JobName } from '@quarry/jobs-contracts';

export const HANDLES_JOB = 'quarry:handlesJob';

/** Marks the provider that runs one job name; the registry insists on exactly one per name. */
export const HandlesJob = (name: JobName) => SetMetadata(HANDLES_JOB, name);
