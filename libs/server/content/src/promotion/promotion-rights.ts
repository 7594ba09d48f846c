import { ForbiddenError } from '@quarry/domain';

import type { ContentChanges } from '../as-code/content-changes';
import type { ProjectSpaces } from '../spaces/project-spaces';
import type { PromotionTarget } from './promotion-plan';

export interface PromotionRights {
  /** What is promoted, for the reference's wording of refusals. */
  kind: 'chart' | 'dashboard';
  /** Whether the caller may create root spaces in the upstream project (project `space:create`). */
  mayCreateSpaces: boolean;
}

/**
 * Checks every right the plan needs upstream, all before anything is written, so a refusal leaves
 * the upstream project as it was. Renaming a matched space needs `space:manage` on it; creating a
 * space needs `space:manage-content` on a matched parent, or the project's `space:create` at the
 * root (the promotion makes the caller admin of what it creates); creating or updating a chart or
 * the dashboard needs `space:manage-content` where it goes and, for an update, where it is.
 * Refusals use the reference's wording (403) and name only what the caller may see: the target
 * holds nothing else.
 */
export function assertPromotionAllowed(
  changes: ContentChanges,
  target: PromotionTarget,
  upstream: ProjectSpaces,
  rights: PromotionRights,
): void {
  // A path that matched no visible space is one the promotion creates.
  const mayWriteIn = (path: string) => {
    const space = target.spacesByPath.get(path);
    return !space || upstream.can(space.spaceUuid, 'space:manage-content');
  };
  const spaceName = (path: string) => target.spacesByPath.get(path)?.name ?? path;
  const modifySpace = (path: string) =>
    new ForbiddenError(`Failed to promote: you do not have access to modify this space "${spaceName(path)}" in the upstream project.`, {
      spacePath: path,
    });

  for (const change of changes.spaces) {
    if (change.action === 'update' && change.data.uuid && !upstream.can(change.data.uuid, 'space:manage'))
      throw modifySpace(change.data.path);
    if (change.action !== 'create') continue;
    if (change.data.parentPath !== null && !mayWriteIn(change.data.parentPath)) throw modifySpace(change.data.parentPath);
    if (change.data.parentPath === null && !rights.mayCreateSpaces) {
      throw new ForbiddenError('Failed to promote: you do not have access to create a space in the upstream project.', {
        spacePath: change.data.path,
      });
    }
  }

  const inDashboard = rights.kind === 'dashboard';
  for (const change of changes.charts) {
    if (change.action === 'no changes') continue;
    const existing = change.action === 'update' ? target.chartsBySlug.get(change.data.slug) : undefined;
    if (existing && !upstream.can(existing.spaceUuid, 'space:manage-content')) {
      throw new ForbiddenError(
        inDashboard
          ? `Failed to promote dashboard: this dashboard uses a chart "${change.data.name}" which you don't have access to edit in the ` +
              `upstream project.`
          : "Failed to promote chart: you don't have access to edit this chart in the upstream project.",
        { slug: change.data.slug },
      );
    }
    if (!mayWriteIn(change.data.spacePath)) {
      const space = spaceName(change.data.spacePath);
      throw new ForbiddenError(
        inDashboard
          ? `Failed to promote dashboard: this dashboard uses a chart "${change.data.name}" which belongs to a space ${space} you ` +
              `don't have access to edit in the upstream project.`
          : `Failed to promote chart: this chart belongs to a space ${space} you don't have access to edit in the upstream project.`,
        { slug: change.data.slug, spacePath: change.data.spacePath },
      );
    }
  }

  for (const change of changes.dashboards) {
    if (change.action === 'no changes') continue;
    if (change.action === 'update' && target.dashboard && !upstream.can(target.dashboard.spaceUuid, 'space:manage-content')) {
      throw new ForbiddenError(
        'Failed to promote dashboard: You do not have the right access permissions on the destination space and dashboard to promote.',
        {
          slug: change.data.slug,
        },
      );
    }
    if (!mayWriteIn(change.data.spacePath)) {
      throw new ForbiddenError(
        'Failed to promote dashboard: You do not have the right access permissions on the destination to create dashboards.',
        {
          slug: change.data.slug,
          spacePath: change.data.spacePath,
        },
      );
    }
  }
}
