import { childSpacePath, numberedSlug, QuarryError, slugify } from '@quarry/domain';

const SLUG_ATTEMPTS = 50;

/**
 * Runs `create` with the first free slug of the project (`sales`, `sales-1`, …); a slug taken
 * by a concurrent create (unique violation of `constraint`) is retried with the next number.
 */
export async function withFreeSlug(
  kind: string,
  wanted: string,
  isTaken: (slug: string) => Promise<boolean>,
  create: (slug: string) => Promise<unknown>,
  constraint: string,
): Promise<string> {
  const base = slugify(wanted, kind);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt += 1) {
    const slug = numberedSlug(base, attempt);
    if (await isTaken(slug)) continue;
    try {
      await create(slug);
      return slug;
    } catch (error) {
      if (!isUniqueViolation(error, constraint)) throw error;
    }
  }
  throw new QuarryError('ConflictError', `Could not find a free slug for "${wanted}"`, { slug: wanted });
}

/**
 * Runs `create` with the first free path among the siblings under `parentPath` (`sales`,
 * `sales_1`, …, from the slug of `wanted`); a path taken by a concurrent create is retried with
 * the next number. The slug it used.
 */
export async function withFreeSpacePath(
  wanted: string,
  parentPath: string | null,
  isTaken: (path: string) => Promise<boolean>,
  create: (slug: string, path: string) => Promise<unknown>,
): Promise<string> {
  const base = slugify(wanted, 'space');
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt += 1) {
    const slug = numberedSlug(base, attempt);
    const path = childSpacePath(parentPath, slug);
    if (await isTaken(path)) continue;
    try {
      await create(slug, path);
      return slug;
    } catch (error) {
      if (!isUniqueViolation(error, 'spaces_path_unique')) throw error;
    }
  }
  throw new QuarryError('ConflictError', `Could not find a free slug for "${wanted}"`, { name: wanted });
}

/** A content name, trimmed; blank names are a 400 naming `name`. */
export function contentName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed)
    throw new QuarryError('ValidationError', 'Invalid request: name: name must not be empty', { name: ['name must not be empty'] });
  return trimmed;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}
