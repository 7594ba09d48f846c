/**
 * Colours given to spotlight categories. The transform project names categories but not their
 * colours, so each category gets one from this list, chosen by its name: the same category keeps
 * its colour across compiles and projects.
 */
export const CATEGORY_COLORS = [
  '#7262ff',
  '#1a7f37',
  '#d4380d',
  '#0958d9',
  '#c41d7f',
  '#d48806',
  '#08979c',
  '#531dab',
  '#389e0d',
  '#cf1322',
] as const;

export function categoryColor(yamlReference: string): string {
  let hash = 0;
  for (const char of yamlReference) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return CATEGORY_COLORS[hash % CATEGORY_COLORS.length] as string;
}
