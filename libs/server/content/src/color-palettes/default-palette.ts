/** The palette every organization starts with (active), seeded on first use. */
export const DEFAULT_PALETTE_NAME = 'Default';

export const DEFAULT_PALETTE_COLORS: readonly string[] = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#76b7b2',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
  '#2f6690',
  '#d1495b',
  '#66a182',
  '#f4a259',
  '#8e6c8a',
  '#00798c',
  '#edae49',
  '#3d5a80',
  '#c05746',
  '#6a994e',
];

/** The same hues, lighter, for dark backgrounds. */
export const DEFAULT_PALETTE_DARK_COLORS: readonly string[] = [
  '#7ba3cf',
  '#f7b068',
  '#86c67c',
  '#ee8a8b',
  '#a3d4d0',
  '#f4dc7f',
  '#cda3c3',
  '#ffc2c8',
  '#c39e87',
  '#d6cfcb',
  '#5c95c4',
  '#e77d8b',
  '#92c4a9',
  '#f8c28e',
  '#b597b1',
  '#3fb1c2',
  '#f4c985',
  '#6f8fb8',
  '#db8679',
  '#98c37b',
];
