import { ApiProperty } from '@nestjs/swagger';

export class JobIdDto {
  /** Poll GET /api/v1/schedulers/job/{jobId}/status for progress */
  jobId!: string;
}

export class JobStatusDto {
  @ApiProperty({ enum: ['scheduled', 'started', 'completed', 'error'] })
  status!: 'scheduled' | 'started' | 'completed' | 'error';

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The job's result or error, with createdByUserUuid, projectUuid and organizationUuid",
  })
  details!: Record<string, unknown>;

  jobId!: string;
  jobName!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  updatedAt!: string;
}
