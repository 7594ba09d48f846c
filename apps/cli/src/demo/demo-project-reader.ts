import type { INestApplicationContext } from '@nestjs/common';
import type { AnyExplore, TransformConnection } from '@quarry/domain';
import { SecretBox } from '@quarry/server/common';
import { JobsRepository, ProjectEntity, ProjectsRepository } from '@quarry/server/database';
import { DataSource } from 'typeorm';

import type { CompileSnapshot } from './compile-outcome';

export interface DemoProject {
  projectUuid: string;
  name: string;
}

/** Reads the demo project's state from the metadata database, as the launcher waits on it. */
export class DemoProjectReader {
  private readonly projects: ProjectsRepository;
  private readonly jobs: JobsRepository;

  constructor(
    private readonly app: INestApplicationContext,
    private readonly secretKey: string,
  ) {
    this.projects = app.get(ProjectsRepository);
    this.jobs = app.get(JobsRepository);
  }

  /**
   * The project the launcher created over DATA_DIR's demo folder (the oldest, should there be
   * several); found by its transform connection, since users may rename it.
   */
  async find(demoProjectDir: string): Promise<DemoProject | undefined> {
    const box = new SecretBox(this.secretKey);
    const candidates = await this.app
      .get(DataSource)
      .getRepository(ProjectEntity)
      .find({ where: { transformType: 'transform', warehouseType: 'duckdb' }, order: { createdAt: 'ASC' } });
    const demo = candidates.find((project) => {
      const connection = box.openJson<TransformConnection>(project.transformConnectionSealed);
      return connection.type === 'transform' && connection.project_dir === demoProjectDir;
    });
    return demo && { projectUuid: demo.projectUuid, name: demo.name };
  }

  async compileSnapshot(projectUuid: string): Promise<CompileSnapshot> {
    const project = await this.projects.findByUuid(projectUuid);
    if (!project) return { compileStatus: 'error', compileError: 'The demo project was deleted', job: null };
    const job = project.lastCompileJobUuid ? await this.jobs.findByUuid(project.lastCompileJobUuid) : null;
    return {
      compileStatus: project.compileStatus,
      compileError: project.compileError,
      job: job && { status: job.status, error: job.error },
    };
  }

  async explores(projectUuid: string): Promise<AnyExplore[]> {
    return this.projects.listExplores(projectUuid);
  }
}
