import { COMPACT_UNITS, type CompactUnit } from '@quarry/domain';

/** How a compact unit scales a value and what it appends to the number. */
export interface CompactScale {
  unit: CompactUnit;
  divisor: number;
  suffix: string;
}

// Number scales read as part of the number ("1.2K"); byte units read as units, hence the space.
const SCALES: Record<CompactUnit, Omit<CompactScale, 'unit'>> = {
  thousands: { divisor: 1e3, suffix: 'K' },
  millions: { divisor: 1e6, suffix: 'M' },
  billions: { divisor: 1e9, suffix: 'B' },
  trillions: { divisor: 1e12, suffix: 'T' },
  kilobytes: { divisor: 1e3, suffix: ' KB' },
  megabytes: { divisor: 1e6, suffix: ' MB' },
  gigabytes: { divisor: 1e9, suffix: ' GB' },
  terabytes: { divisor: 1e12, suffix: ' TB' },
  petabytes: { divisor: 1e15, suffix: ' PB' },
  kibibytes: { divisor: 1024, suffix: ' KiB' },
  mebibytes: { divisor: 1024 ** 2, suffix: ' MiB' },
  gibibytes: { divisor: 1024 ** 3, suffix: ' GiB' },
  tebibytes: { divisor: 1024 ** 4, suffix: ' TiB' },
  pebibytes: { divisor: 1024 ** 5, suffix: ' PiB' },
};

const ALIASES: Record<string, CompactUnit> = { K: 'thousands', M: 'millions', B: 'billions', T: 'trillions' };

/** Byte units from largest to smallest, for picking a unit when none is configured. */
export const SI_BYTE_UNITS: readonly CompactUnit[] = ['petabytes', 'terabytes', 'gigabytes', 'megabytes', 'kilobytes'];
export const IEC_BYTE_UNITS: readonly CompactUnit[] = ['pebibytes', 'tebibytes', 'gibibytes', 'mebibytes', 'kibibytes'];

/** The scale of a configured compact value (`thousands`, `K`, …); undefined for none or unknown ones. */
export function compactScale(compact: unknown): CompactScale | undefined {
  if (typeof compact !== 'string') return undefined;
  const unit = ALIASES[compact] ?? (COMPACT_UNITS as readonly string[]).find((name) => name === compact.toLowerCase());
  return unit === undefined ? undefined : { unit: unit as CompactUnit, ...SCALES[unit as CompactUnit] };
}

export function isByteUnit(unit: CompactUnit): boolean {
  return SI_BYTE_UNITS.includes(unit) || IEC_BYTE_UNITS.includes(unit);
}
