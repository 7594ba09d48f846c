import { instantOfWallTime } from './zone-offset';

/**
 * Dates and timestamps become ISO-8601 UTC strings with milliseconds (`2018-01-01T00:00:00.000Z`).
 * Wall-clock values without a zone (DATE, TIMESTAMP WITHOUT TIME ZONE) are read as UTC, so the
 * same stored value prints the same on every engine whatever the server or session zone. Values a
 * JS Date cannot hold (`infinity`, years beyond ±275760) are returned as the warehouse printed them.
 */
const TEMPORAL_TEXT = new RegExp(
  String.raw`^(\d{1,})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?` +
    String.raw`\s*(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?|(?!(?:BC|AD)$)[A-Za-z][A-Za-z0-9_+\-/]*)?(?:\s*(BC|AD))?$`,
  'i',
);

interface ParsedTemporal {
  wallMillis: number;
  zone?: string;
}

function utcMillis(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, millis = 0): number {
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  return date.getTime();
}

function parseTemporalText(text: string): ParsedTemporal | undefined {
  const match = TEMPORAL_TEXT.exec(text.trim());
  if (!match) return undefined;
  const [, yearText, month, day, hour, minute, second, fraction, zone, era] = match;
  const year = era?.toUpperCase() === 'BC' ? 1 - Number(yearText) : Number(yearText);
  const millis = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
  const wallMillis = utcMillis(year, Number(month), Number(day), Number(hour ?? 0), Number(minute ?? 0), Number(second ?? 0), millis);
  return { wallMillis, zone };
}

function offsetMillis(offset: string): number {
  const digits = offset.slice(1).replace(/:/g, '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4) || 0);
  const seconds = Number(digits.slice(4, 6) || 0);
  const size = ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return offset.startsWith('-') ? -size : size;
}

function instantOf(parsed: ParsedTemporal): number | undefined {
  const { wallMillis, zone } = parsed;
  if (!zone || /^(Z|UTC|GMT)$/i.test(zone)) return wallMillis;
  if (/^[+-]/.test(zone)) return wallMillis - offsetMillis(zone);
  return instantOfWallTime(wallMillis, zone);
}

function isoOf(millis: number | undefined): string | undefined {
  if (millis === undefined || !Number.isFinite(millis)) return undefined;
  const date = new Date(millis);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function startOfUtcDay(millis: number): number {
  return Math.floor(millis / 86_400_000) * 86_400_000;
}

/** A timestamp (instant or UTC wall time) from text, a Date, or epoch milliseconds. */
export function normaliseTimestamp(raw: string | Date | number): string {
  if (raw instanceof Date) return isoOf(raw.getTime()) ?? String(raw);
  if (typeof raw === 'number') return isoOf(raw) ?? String(raw);
  const parsed = parseTemporalText(raw);
  return (parsed && isoOf(instantOf(parsed))) ?? raw;
}

/** A calendar date, as midnight UTC, from `YYYY-MM-DD` text, a Date (its UTC day) or epoch milliseconds. */
export function normaliseDate(raw: string | Date | number): string {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? String(raw) : (isoOf(startOfUtcDay(raw.getTime())) ?? String(raw));
  if (typeof raw === 'number') return isoOf(startOfUtcDay(raw)) ?? String(raw);
  const parsed = parseTemporalText(raw);
  return (parsed && isoOf(startOfUtcDay(parsed.wallMillis))) ?? raw;
}
