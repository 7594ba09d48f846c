import { QuarryError } from '@quarry/domain';

/** Every palette holds exactly this many colours (as in the reference). */
export const PALETTE_SIZE = 20;

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * Checks a list of colours for field `field` and returns them normalized, or throws a
 * ValidationError whose data names every offending entry (`colors`, `colors[3]`, …).
 * Accepted: `#RRGGBB` and the shorthand `#RGB`, any case; stored as lowercase `#rrggbb`, so every
 * reader (charts, exports) gets one format.
 */
export function normalizePaletteColors(colors: readonly unknown[], field = 'colors'): string[] {
  const problems: Record<string, string[]> = {};
  if (colors.length !== PALETTE_SIZE) {
    problems[field] = [`Color palette must contain ${PALETTE_SIZE} colors (got ${colors.length})`];
  }
  const normalized = colors.map((color, index) => {
    if (typeof color === 'string' && HEX_COLOR.test(color)) return expandHex(color);
    problems[`${field}[${index}]`] = [`${field}[${index}] must be a hex colour like #1a2b3c or #abc (got ${JSON.stringify(color)})`];
    return '';
  });
  const fields = Object.keys(problems);
  if (fields.length > 0) {
    const first = `${fields[0]}: ${problems[fields[0]]?.[0]}`;
    const more = fields.length > 1 ? ` (and ${fields.length - 1} more: ${fields.slice(1).join(', ')})` : '';
    throw new QuarryError('ValidationError', `Invalid request: ${first}${more}`, problems);
  }
  return normalized;
}

function expandHex(color: string): string {
  const hex = color.slice(1).toLowerCase();
  return hex.length === 3 ? `#${[...hex].map((digit) => digit + digit).join('')}` : `#${hex}`;
}
