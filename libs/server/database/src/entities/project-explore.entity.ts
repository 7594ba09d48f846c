import type { AnyExplore } from '@quarry/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One compiled explore of a project, as JSON: replaced wholesale on each compile. */
@Entity({ name: 'project_explores' })
export class ProjectExploreEntity {
  @PrimaryColumn({ name: 'project_uuid', type: 'uuid' })
  projectUuid!: string;

  @PrimaryColumn({ name: 'explore_name', type: 'text' })
  exploreName!: string;

  @Column({ type: 'jsonb' })
  explore!: AnyExplore;
}
