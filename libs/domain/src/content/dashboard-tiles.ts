/** Dashboard tile types (clarification 12). */
export const TILE_TYPES = ['saved_chart', 'sql_chart', 'markdown', 'loom', 'heading', 'divider'] as const;
export type TileType = (typeof TILE_TYPES)[number];
