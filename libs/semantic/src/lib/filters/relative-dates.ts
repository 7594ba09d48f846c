import type { UnitOfTime, WeekDay } from '@quarry/domain';

/**
 * Calendar arithmetic in UTC for relative-date filters (boundaries are computed in app code and
 * written into the SQL as literals). Weeks start on `startOfWeek` (0 = Monday … 6 = Sunday).
 */
export function startOf(date: Date, unit: UnitOfTime, startOfWeek: WeekDay): Date {
  const d = new Date(date.getTime());
  switch (unit) {
    case 'milliseconds':
      return d;
    case 'seconds':
      d.setUTCMilliseconds(0);
      return d;
    case 'minutes':
      d.setUTCSeconds(0, 0);
      return d;
    case 'hours':
      d.setUTCMinutes(0, 0, 0);
      return d;
    case 'days':
      d.setUTCHours(0, 0, 0, 0);
      return d;
    case 'weeks': {
      d.setUTCHours(0, 0, 0, 0);
      // getUTCDay: 0 = Sunday; convert to 0 = Monday to count days since the week start.
      const mondayBased = (d.getUTCDay() + 6) % 7;
      d.setUTCDate(d.getUTCDate() - ((mondayBased - startOfWeek + 7) % 7));
      return d;
    }
    case 'months':
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    case 'quarters':
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (d.getUTCMonth() % 3), 1));
    case 'years':
      return new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  }
}

/** `date` moved by `amount` units; months clamp to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addUnits(date: Date, amount: number, unit: UnitOfTime): Date {
  const d = new Date(date.getTime());
  switch (unit) {
    case 'milliseconds':
      return new Date(d.getTime() + amount);
    case 'seconds':
      return new Date(d.getTime() + amount * 1000);
    case 'minutes':
      return new Date(d.getTime() + amount * 60_000);
    case 'hours':
      return new Date(d.getTime() + amount * 3_600_000);
    case 'days':
      d.setUTCDate(d.getUTCDate() + amount);
      return d;
    case 'weeks':
      d.setUTCDate(d.getUTCDate() + amount * 7);
      return d;
    case 'months':
      return addMonths(d, amount);
    case 'quarters':
      return addMonths(d, amount * 3);
    case 'years':
      return addMonths(d, amount * 12);
  }
}

function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** The last millisecond of the unit `date` falls in. */
export function endOf(date: Date, unit: UnitOfTime, startOfWeek: WeekDay): Date {
  return new Date(addUnits(startOf(date, unit, startOfWeek), 1, unit).getTime() - 1);
}
