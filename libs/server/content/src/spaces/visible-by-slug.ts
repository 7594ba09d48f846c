import { ConflictError, ForbiddenError, NotFoundError, type Principal } from '@quarry/domain';

import type { SpaceAccessService } from './space-access.service';

/** Content found by slug: where it lives, for the access check. */
export interface SlugMatch {
  projectUuid: string;
  spaceUuid: string;
}

/**
 * The one match of a slug the caller may see, as the reference's `{uuidOrSlug}` routes: matches
 * in projects or spaces the caller cannot see are dropped without a trace, so a slug answers
 * exactly like a missing one (`notFound`). Slugs are unique per project only: when the caller sees
 * the slug in several projects, a 409 asks for the uuid rather than picking one.
 */
export async function onlyVisibleMatch<T extends SlugMatch>(
  access: SpaceAccessService,
  principal: Principal,
  slug: string,
  matches: readonly T[],
  notFound: () => NotFoundError,
): Promise<T> {
  const visible: T[] = [];
  for (const match of matches) {
    try {
      await access.assertSpace(principal, match.projectUuid, match.spaceUuid, 'space:view');
      visible.push(match);
    } catch (error) {
      if (!(error instanceof NotFoundError || error instanceof ForbiddenError)) throw error;
    }
  }
  const [only] = visible;
  if (!only) throw notFound();
  if (visible.length > 1) {
    throw new ConflictError(`The slug ${slug} names content in ${visible.length} of your projects: use its uuid`, {
      slug,
      projectUuids: visible.map((match) => match.projectUuid),
    });
  }
  return only;
}
