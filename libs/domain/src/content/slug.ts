/**
 * A URL-safe slug from a name: lowercase ASCII letters and digits joined by single dashes
 * (accents dropped). Names with nothing usable give `fallback`.
 */
export function slugify(name: string, fallback = 'untitled'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The n-th alternative of a taken slug: `sales`, `sales-1`, `sales-2`, … */
export function numberedSlug(slug: string, attempt: number): string {
  return attempt === 0 ? slug : `${slug}-${attempt}`;
}

/** A space's segment of a path: its slug with `_` for `-` (path segments are joined with `.`). */
export function spacePathSegment(slug: string): string {
  return slug.replace(/-/g, '_');
}

/** A child's path under its parent's path (or a root path). */
export function childSpacePath(parentPath: string | null, slug: string): string {
  const segment = spacePathSegment(slug);
  return parentPath ? `${parentPath}.${segment}` : segment;
}
