import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AnyExplore, ProjectRole } from '@quarry/domain';
import type { DataSource, EntityManager } from 'typeorm';

import { type CompileStatus, ProjectEntity } from '../entities/project.entity';
import { ProjectExploreEntity } from '../entities/project-explore.entity';
import { ProjectMembershipEntity } from '../entities/project-membership.entity';

export type NewProject = Omit<
  ProjectEntity,
  'createdAt' | 'updatedAt' | 'compileStatus' | 'compileError' | 'compiledAt' | 'lastCompileJobUuid'
>;

export interface ProjectMember {
  userUuid: string;
  email: string;
  firstName: string;
  lastName: string;
  role: ProjectRole;
}

export interface ProjectGroupAccess {
  groupUuid: string;
  groupName: string;
  role: ProjectRole;
}

export interface CompileState {
  compileStatus: CompileStatus;
  compileError?: string | null;
  compiledAt?: Date | null;
  lastCompileJobUuid?: string | null;
}

@Injectable()
export class ProjectsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get projects() {
    return this.dataSource.getRepository(ProjectEntity);
  }

  async create(project: NewProject, creatorRole: ProjectRole | null): Promise<ProjectEntity> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(ProjectEntity, { ...project, compileStatus: 'pending' });
      if (creatorRole && project.createdByUserUuid) {
        await manager.insert(ProjectMembershipEntity, {
          projectUuid: project.projectUuid,
          userUuid: project.createdByUserUuid,
          role: creatorRole,
        });
      }
    });
    return (await this.findByUuid(project.projectUuid)) as ProjectEntity;
  }

  findByUuid(projectUuid: string): Promise<ProjectEntity | null> {
    return this.projects.findOneBy({ projectUuid });
  }

  listForOrganization(organizationUuid: string): Promise<ProjectEntity[]> {
    return this.projects.find({ where: { organizationUuid }, order: { name: 'ASC', createdAt: 'ASC' } });
  }

  async delete(projectUuid: string): Promise<void> {
    await this.projects.delete({ projectUuid });
  }

  async setCompileState(projectUuid: string, state: CompileState): Promise<void> {
    await this.projects.update({ projectUuid }, state);
  }

  async membershipRole(projectUuid: string, userUuid: string): Promise<ProjectRole | undefined> {
    const membership = await this.dataSource.getRepository(ProjectMembershipEntity).findOneBy({ projectUuid, userUuid });
    return membership?.role;
  }

  /** The project roles a user holds through their groups. */
  async groupRoles(projectUuid: string, userUuid: string): Promise<ProjectRole[]> {
    const rows: Array<{ role: ProjectRole }> = await this.dataSource.query(
      `SELECT a.role FROM project_group_access a JOIN group_members m USING (group_uuid) WHERE a.project_uuid = $1 AND m.user_uuid = $2`,
      [projectUuid, userUuid],
    );
    return rows.map((row) => row.role);
  }

  listGroupAccess(projectUuid: string): Promise<ProjectGroupAccess[]> {
    return this.dataSource.query(
      `SELECT a.group_uuid AS "groupUuid", g.name AS "groupName", a.role
         FROM project_group_access a JOIN groups g USING (group_uuid)
        WHERE a.project_uuid = $1 ORDER BY lower(g.name), a.group_uuid`,
      [projectUuid],
    );
  }

  async setGroupAccess(projectUuid: string, groupUuid: string, role: ProjectRole): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO project_group_access (project_uuid, group_uuid, role) VALUES ($1, $2, $3)
       ON CONFLICT (project_uuid, group_uuid) DO UPDATE SET role = EXCLUDED.role`,
      [projectUuid, groupUuid, role],
    );
  }

  async deleteGroupAccess(projectUuid: string, groupUuid: string): Promise<boolean> {
    const [, deleted] = (await this.dataSource.query(`DELETE FROM project_group_access WHERE project_uuid = $1 AND group_uuid = $2`, [
      projectUuid,
      groupUuid,
    ])) as [unknown, number];
    return deleted > 0;
  }

  listMembers(projectUuid: string): Promise<ProjectMember[]> {
    return this.dataSource.query(
      `SELECT u.user_uuid AS "userUuid", u.email, u.first_name AS "firstName", u.last_name AS "lastName", pm.role
       FROM project_memberships pm JOIN users u USING (user_uuid)
       WHERE pm.project_uuid = $1 ORDER BY lower(u.email)`,
      [projectUuid],
    );
  }

  async setMembership(projectUuid: string, userUuid: string, role: ProjectRole): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO project_memberships (project_uuid, user_uuid, role) VALUES ($1, $2, $3)
       ON CONFLICT (project_uuid, user_uuid) DO UPDATE SET role = EXCLUDED.role`,
      [projectUuid, userUuid, role],
    );
  }

  async deleteMembership(projectUuid: string, userUuid: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(ProjectMembershipEntity).delete({ projectUuid, userUuid });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Replaces a project's explores and marks it compiled, in one transaction; `alongside` runs in
   * that transaction too (what is derived from the explores, e.g. the catalog index).
   */
  async replaceExplores(
    projectUuid: string,
    explores: Array<{ name: string; explore: AnyExplore }>,
    compiledAt: Date,
    alongside?: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await alongside?.(manager);
      await manager.delete(ProjectExploreEntity, { projectUuid });
      if (explores.length > 0) {
        await manager.save(
          explores.map(({ name, explore }) => Object.assign(new ProjectExploreEntity(), { projectUuid, exploreName: name, explore })),
        );
      }
      await manager.update(ProjectEntity, { projectUuid }, { compileStatus: 'ready', compileError: null, compiledAt });
    });
  }

  async listExplores(projectUuid: string): Promise<AnyExplore[]> {
    const rows = await this.dataSource.getRepository(ProjectExploreEntity).find({ where: { projectUuid }, order: { exploreName: 'ASC' } });
    return rows.map((row) => row.explore);
  }

  async findExplore(projectUuid: string, exploreName: string): Promise<AnyExplore | null> {
    const row = await this.dataSource.getRepository(ProjectExploreEntity).findOneBy({ projectUuid, exploreName });
    return row?.explore ?? null;
  }
}
