import type { JobStatus } from '@quarry/jobs-contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Mirror of a queued job, so its status outlives Redis and can be authorized per user. */
@Entity({ name: 'jobs' })
export class JobEntity {
  @PrimaryColumn({ name: 'job_uuid', type: 'uuid' })
  jobUuid!: string;

  @Column({ name: 'job_name', type: 'text' })
  jobName!: string;

  @Column({ type: 'text' })
  status!: JobStatus;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  details!: Record<string, unknown>;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'created_by_user_uuid', type: 'uuid', nullable: true })
  createdByUserUuid!: string | null;

  @Column({ name: 'organization_uuid', type: 'uuid', nullable: true })
  organizationUuid!: string | null;

  @Column({ name: 'project_uuid', type: 'uuid', nullable: true })
  projectUuid!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
