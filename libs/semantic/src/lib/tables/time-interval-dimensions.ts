import {
  DEFAULT_DATE_TIME_FRAMES,
  DEFAULT_TIMESTAMP_TIME_FRAMES,
  isTimeFrame,
  TIME_FRAME_LABELS,
  type TimeFrame,
  timeFrameResultType,
} from '@quarry/domain';

import type { TimeIntervalsSetting } from '../meta/field-meta';
import { friendlyName } from '../util/friendly-name';
import { unique } from '../util/unique';
import type { CompileContext, CustomGranularity } from './compile-context';
import type { DimensionDraft } from './table-draft';

/**
 * The interval children of a date or timestamp dimension (`order_date` → `order_date_month`, …),
 * each computed from the base dimension's sql. Other types, and `time_intervals: false | OFF`,
 * get none.
 */
export function timeIntervalDimensions(base: DimensionDraft, setting: TimeIntervalsSetting, context: CompileContext): DimensionDraft[] {
  if ((base.type !== 'date' && base.type !== 'timestamp') || setting.kind === 'off') return [];
  const baseType = base.type;
  const { standard, custom } = intervalsToBuild(setting, baseType, context.customGranularities);
  const children = standard.map((frame): DimensionDraft => {
    const timeOptions = { baseType, ...(context.startOfWeek === undefined ? {} : { startOfWeek: context.startOfWeek }) };
    return {
      ...inheritedFromBase(base),
      name: `${base.name}_${frame.toLowerCase()}`,
      label: `${base.label} ${TIME_FRAME_LABELS[frame].toLowerCase()}`,
      sql: context.dialect.timeFrameSql(frame, base.sql, timeOptions),
      type: timeFrameResultType(frame, baseType),
      timeInterval: frame,
      timeIntervalBaseDimensionName: base.name,
    };
  });
  const customChildren = custom.map(([key, granularity]): DimensionDraft => ({
    ...inheritedFromBase(base),
    name: `${base.name}_${key.toLowerCase()}`,
    label: `${base.label} ${(granularity.label ?? friendlyName(key)).toLowerCase()}`,
    sql: granularity.sql.replaceAll('${COLUMN}', base.sql),
    type: granularity.type ?? 'string',
    customTimeInterval: key,
    timeIntervalBaseDimensionName: base.name,
  }));
  return [...children, ...customChildren];
}

/**
 * Defaults by type, or the explicit list upper-cased: standard names are kept, other names are
 * looked up among the project's custom granularities, and unknown names are left out.
 */
function intervalsToBuild(
  setting: TimeIntervalsSetting,
  baseType: 'date' | 'timestamp',
  customGranularities: Readonly<Record<string, CustomGranularity>>,
): { standard: TimeFrame[]; custom: Array<[string, CustomGranularity]> } {
  if (setting.kind !== 'list') {
    return { standard: [...(baseType === 'timestamp' ? DEFAULT_TIMESTAMP_TIME_FRAMES : DEFAULT_DATE_TIME_FRAMES)], custom: [] };
  }
  const standard: TimeFrame[] = [];
  const custom: Array<[string, CustomGranularity]> = [];
  for (const name of unique(setting.names)) {
    const upper = name.toUpperCase();
    if (isTimeFrame(upper)) {
      if (!standard.includes(upper)) standard.push(upper);
      continue;
    }
    const key = Object.keys(customGranularities).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    const granularity = key === undefined ? undefined : customGranularities[key];
    if (key !== undefined && granularity) custom.push([key, granularity]);
  }
  return { standard, custom };
}

/**
 * What an interval child shares with its base: description, visibility, links, formatting and
 * access rules. Its group path gains the base's label, so intervals nest under their dimension.
 */
function inheritedFromBase(base: DimensionDraft): Omit<DimensionDraft, 'name' | 'label' | 'sql' | 'type'> {
  const { isIntervalBase: _isIntervalBase, timeInterval: _timeInterval, colors: _colors, image: _image, ...rest } = base;
  return { ...rest, groups: [...(base.groups ?? []), base.label] };
}
