import { isQuarryError } from '@quarry/domain';

import { DEFAULT_PALETTE_COLORS, DEFAULT_PALETTE_DARK_COLORS } from './default-palette';
import { normalizePaletteColors, PALETTE_SIZE } from './palette-colors';

function twenty(color = '#112233'): string[] {
  return Array.from({ length: PALETTE_SIZE }, () => color);
}

function failure(run: () => unknown): { message: string; data: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    if (isQuarryError(error)) {
      expect(error.name).toBe('ValidationError');
      return { message: error.message, data: error.data };
    }
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('normalizePaletteColors', () => {
  it('accepts 20 colours as #RRGGBB or #RGB, in any case, and stores lowercase #rrggbb', () => {
    const colors = twenty();
    colors[0] = '#ABCDEF';
    colors[1] = '#fA3';
    expect(normalizePaletteColors(colors).slice(0, 3)).toEqual(['#abcdef', '#ffaa33', '#112233']);
  });

  it.each([0, 1, 19, 21, 40])('refuses %i colours, naming the field', (count) => {
    const { message, data } = failure(() => normalizePaletteColors(Array.from({ length: count }, () => '#000000')));
    expect(Object.keys(data)).toEqual(['colors']);
    expect(message).toContain('must contain 20 colors');
  });

  it.each(['red', '#12345', '#1234567', '123456', '#gggggg', ' #123456', '#123456 ', '', 'rgb(1,2,3)', '#1234'])(
    'refuses %j, naming its index',
    (bad) => {
      const colors = twenty();
      colors[7] = bad;
      const { data, message } = failure(() => normalizePaletteColors(colors));
      expect(Object.keys(data)).toEqual(['colors[7]']);
      expect(message).toContain('colors[7]');
    },
  );

  it('refuses non-strings and names every bad entry and the count together', () => {
    const { data } = failure(() => normalizePaletteColors(['#000', 42, null, 'blue'], 'darkColors'));
    expect(Object.keys(data).sort()).toEqual(['darkColors', 'darkColors[1]', 'darkColors[2]', 'darkColors[3]']);
  });

  it('ships a valid default palette', () => {
    expect(normalizePaletteColors(DEFAULT_PALETTE_COLORS)).toEqual(DEFAULT_PALETTE_COLORS);
    expect(normalizePaletteColors(DEFAULT_PALETTE_DARK_COLORS)).toEqual(DEFAULT_PALETTE_DARK_COLORS);
    expect(new Set(DEFAULT_PALETTE_COLORS).size).toBe(PALETTE_SIZE);
  });
});
