/**
 * UTC offsets of IANA time zones, from the platform's own tz database (Intl), for the few wire
 * formats that print a zone name instead of an offset (Trino's `timestamp with time zone`).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Offset of `zone` from UTC at `instant`, in milliseconds; undefined when the zone is unknown. */
export function zoneOffsetAt(zone: string, instant: number): number | undefined {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(zone).formatToParts(new Date(instant));
  } catch {
    return undefined;
  }
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  const era = parts.find((p) => p.type === 'era')?.value;
  const year = era === 'BC' ? 1 - part('year') : part('year');
  const wall = new Date(0);
  wall.setUTCFullYear(year, part('month') - 1, part('day'));
  wall.setUTCHours(part('hour'), part('minute'), part('second'), 0);
  const wholeSecondInstant = Math.floor(instant / 1000) * 1000;
  return wall.getTime() - wholeSecondInstant;
}

/** The instant at which the wall-clock time `wallMillis` (read as if UTC) occurs in `zone`. */
export function instantOfWallTime(wallMillis: number, zone: string): number | undefined {
  const firstGuess = zoneOffsetAt(zone, wallMillis);
  if (firstGuess === undefined) return undefined;
  // One refinement settles the offset except inside a DST gap, where any nearby answer is fine.
  const refined = zoneOffsetAt(zone, wallMillis - firstGuess) ?? firstGuess;
  return wallMillis - refined;
}
