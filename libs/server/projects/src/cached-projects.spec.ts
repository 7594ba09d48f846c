import { randomUUID } from 'node:crypto';

import type { CompiledTable, Explore } from '@quarry/domain';
import type { AccessChanges, AccessScope } from '@quarry/server/auth';
import { SecretBox } from '@quarry/server/common';
import type { AppConfig } from '@quarry/server/config';
import type { ProjectEntity, ProjectsRepository } from '@quarry/server/database';

import { CachedProjects } from './cached-projects';

/** A metadata database of one project, changed by the tests as a compile or an update would. */
class FakeProjects {
  project: ProjectEntity;
  explores = new Map<string, Record<string, unknown>>();

  constructor(box: SecretBox) {
    this.project = {
      projectUuid: randomUUID(),
      organizationUuid: randomUUID(),
      compiledAt: new Date('2026-01-01T00:00:00Z'),
      warehouseConnectionSealed: box.sealJson({ type: 'duckdb', path: 'old.duckdb' }),
    } as ProjectEntity;
  }

  repository(): ProjectsRepository {
    return {
      findByUuid: async (projectUuid: string) => (projectUuid === this.project.projectUuid ? { ...this.project } : null),
      findExplore: async (projectUuid: string, name: string) =>
        projectUuid === this.project.projectUuid ? structuredClone(this.explores.get(name) ?? null) : null,
    } as unknown as ProjectsRepository;
  }

  /** What ProjectsRepository.replaceExplores does: new explores and a new compile time, together. */
  recompile(explores: Record<string, Record<string, unknown>>, at: Date): void {
    this.explores = new Map(Object.entries(explores));
    this.project = { ...this.project, compiledAt: at } as ProjectEntity;
  }
}

/** Announcements within one process (the Redis path is covered in @quarry/server/auth). */
function localChanges(): AccessChanges & { announceNow(scope: AccessScope): void } {
  const listeners: Array<[AccessScope, () => void]> = [];
  return {
    onChange: (scope: AccessScope, clear: () => void) => listeners.push([scope, clear]),
    announceNow: (scope: AccessScope) => listeners.filter(([listening]) => listening === scope).forEach(([, clear]) => clear()),
  } as unknown as AccessChanges & { announceNow(scope: AccessScope): void };
}

describe('CachedProjects', () => {
  const box = new SecretBox('a-test-secret-key-0123456789abcdefghijklmnop');
  const config = { accessCache: { ttlMs: 3_600_000 } } as AppConfig;

  it('uses the new explores once a recompile is announced', async () => {
    const database = new FakeProjects(box);
    database.recompile({ orders: { name: 'orders', label: 'Old' } }, new Date('2026-01-01T00:00:00Z'));
    const changes = localChanges();
    const cached = new CachedProjects(database.repository(), box, config, changes);
    const before = (await cached.project(database.project.projectUuid)) as ProjectEntity;
    await expect(cached.explore(before, 'orders')).resolves.toEqual({ name: 'orders', label: 'Old' });

    database.recompile({ orders: { name: 'orders', label: 'New' } }, new Date('2026-01-02T00:00:00Z'));
    changes.announceNow('projects');

    const after = (await cached.project(database.project.projectUuid)) as ProjectEntity;
    await expect(cached.explore(after, 'orders')).resolves.toEqual({ name: 'orders', label: 'New' });
  });

  it('reads an explore once per compile', async () => {
    const database = new FakeProjects(box);
    database.recompile({ orders: { name: 'orders' } }, new Date('2026-01-01T00:00:00Z'));
    const repository = database.repository();
    const findExplore = jest.spyOn(repository, 'findExplore');
    const cached = new CachedProjects(repository, box, config, localChanges());
    const project = (await cached.project(database.project.projectUuid)) as ProjectEntity;
    await cached.explore(project, 'orders');
    await cached.explore(project, 'orders');
    expect(findExplore).toHaveBeenCalledTimes(1);
  });

  it('uses updated warehouse credentials (new sealed text) at once', async () => {
    const database = new FakeProjects(box);
    const cached = new CachedProjects(database.repository(), box, config, localChanges());
    expect(cached.connection(database.project.warehouseConnectionSealed as string)).toEqual({ type: 'duckdb', path: 'old.duckdb' });
    const updated = box.sealJson({ type: 'duckdb', path: 'new.duckdb' });
    expect(cached.connection(updated)).toEqual({ type: 'duckdb', path: 'new.duckdb' });
  });

  it('hands out read-only explores, so that no request can change another one', async () => {
    const database = new FakeProjects(box);
    database.recompile({ orders: { name: 'orders', tables: { orders: { label: 'Orders' } } } }, new Date('2026-01-01T00:00:00Z'));
    const cached = new CachedProjects(database.repository(), box, config, localChanges());
    const explore = (await cached.explore((await cached.project(database.project.projectUuid)) as ProjectEntity, 'orders')) as Explore;
    expect(() => {
      (explore.tables['orders'] as CompiledTable).label = 'Changed';
    }).toThrow(TypeError);
  });
});
