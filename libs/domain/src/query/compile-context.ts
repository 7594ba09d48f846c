import type { WeekDay } from '../explore/time-frame';
import type { DateZoom } from './metric-query';

/** What a query compile needs besides the explore and the query: who asks, and when. */
export interface CompileContext {
  /** The requesting user's attributes (`${ld.attr.x}`): a missing one forbids the query. */
  userAttributes?: Record<string, string | string[]>;
  /** Intrinsic attributes (`${ld.user.email}`). */
  user?: { email?: string };
  /** Values of `${ld.parameters.x}`; unresolved references are reported, not errors. */
  parameters?: Record<string, string | number | Array<string | number>>;
  /** Reference time of relative date filters (tests pin it); default the current time. */
  now?: Date;
  /** Zone of relative date filters when the query names none; default UTC. */
  timezone?: string;
  dateZoom?: DateZoom;
  /** First day of the week (0 = Monday … 6 = Sunday) for relative week filters. */
  startOfWeek?: WeekDay;
}
