import { numberedSlug, QuarryError, slugify } from '@quarry/domain';

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

/** A content name, trimmed; blank names are a 400 naming `name`. */
export function contentName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new QuarryError('ValidationError', 'Invalid request: name: name must not be empty', { name: ['name must not be empty'] });
  return trimmed;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}
