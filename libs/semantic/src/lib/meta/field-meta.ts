import {
  type AiHint,
  type DimensionType,
  type FieldUrl,
  isMetricType,
  type MetricType,
  type RequiredAttributes,
  TIME_FRAMES,
  type TimeFrame,
} from '@quarry/domain';

import { isRecord } from '../util/is-record';
import { definedOnly, type MetaReader } from './meta-reader';

const DIMENSION_TYPES: readonly DimensionType[] = ['string', 'number', 'timestamp', 'date', 'boolean'];

/** `time_intervals`: the defaults, none, or an explicit list of names (standard or custom granularities). */
export type TimeIntervalsSetting = { kind: 'default' } | { kind: 'off' } | { kind: 'list'; names: string[] };

/** Presentation settings dimensions and metrics share. */
export interface CommonFieldMeta {
  label?: string;
  description?: string;
  hidden?: boolean;
  round?: number;
  compact?: string;
  format?: string;
  separator?: string;
  groups?: string[];
  urls?: FieldUrl[];
  tags?: string[];
  requiredAttributes?: RequiredAttributes;
  anyAttributes?: RequiredAttributes;
  aiHint?: AiHint;
}

/** A column's `dimension:` block or an entry of `additional_dimensions:`. */
export interface DimensionMeta extends CommonFieldMeta {
  name?: string;
  type?: DimensionType;
  sql?: string;
  timeIntervals: TimeIntervalsSetting;
  caseSensitive?: boolean;
  colors?: Record<string, string>;
  image?: { url: string; width?: number; height?: number; fit?: string };
}

/** An entry of a column's or model's `metrics:`. */
export interface MetricMeta extends CommonFieldMeta {
  type: MetricType;
  sql?: string;
  /** The YAML filter list, parsed against the table's dimensions later. */
  filters?: unknown[];
  percentile?: number;
  distinctKeys?: string[];
  showUnderlyingValues?: string[];
  defaultTimeDimension?: { field: string; interval: TimeFrame };
  spotlight?: { visibility?: 'show' | 'hide'; categories?: string[] };
}

export function readCommonFieldMeta(reader: MetaReader, source: Record<string, unknown>): CommonFieldMeta {
  const groupLabel = reader.string(source, 'group_label');
  const groups = reader.stringList(source, 'groups', { allowSingle: true }) ?? (groupLabel ? [groupLabel] : undefined);
  const compact = source['compact'];
  return definedOnly({
    label: reader.string(source, 'label'),
    description: reader.string(source, 'description'),
    hidden: reader.boolean(source, 'hidden'),
    round: reader.number(source, 'round'),
    compact: typeof compact === 'number' ? String(compact) : reader.string(source, 'compact'),
    format: reader.string(source, 'format'),
    separator: reader.string(source, 'separator'),
    groups,
    urls: readUrls(reader, source),
    tags: reader.stringList(source, 'tags', { allowSingle: true }),
    requiredAttributes: reader.attributes(source, 'required_attributes'),
    anyAttributes: reader.attributes(source, 'any_attributes'),
    aiHint: readAiHint(reader, source),
  });
}

/** One hint stays a string, several a list, as written. */
export function readAiHint(reader: MetaReader, source: Record<string, unknown>): AiHint | undefined {
  const hints = reader.stringList(source, 'ai_hint', { allowSingle: true });
  return hints?.length === 1 && typeof source['ai_hint'] === 'string' ? hints[0] : hints;
}

function readUrls(reader: MetaReader, source: Record<string, unknown>): FieldUrl[] | undefined {
  const list = reader.list(source, 'urls');
  if (!list) return undefined;
  return list.flatMap((item, index) => {
    if (isRecord(item) && typeof item['url'] === 'string' && typeof item['label'] === 'string')
      return [{ url: item['url'], label: item['label'] }];
    reader.issue(`urls[${index}] needs a "url" and a "label"`);
    return [];
  });
}

export function readDimensionMeta(reader: MetaReader, source: Record<string, unknown>): DimensionMeta {
  const image = reader.record(source, 'image');
  return definedOnly({
    ...readCommonFieldMeta(reader, source),
    name: reader.string(source, 'name'),
    type: reader.oneOf(source, 'type', DIMENSION_TYPES),
    sql: reader.string(source, 'sql'),
    timeIntervals: readTimeIntervals(reader, source['time_intervals']),
    caseSensitive: reader.boolean(source, 'case_sensitive'),
    colors: readColors(reader, source),
    image: image && typeof image['url'] === 'string' ? (image as DimensionMeta['image']) : undefined,
  });
}

function readTimeIntervals(reader: MetaReader, value: unknown): TimeIntervalsSetting {
  if (value === undefined || value === null || value === true || value === 'default') return { kind: 'default' };
  if (value === false || value === 'OFF') return { kind: 'off' };
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return { kind: 'list', names: value as string[] };
  reader.issue('"time_intervals" must be true, false, "default", "OFF" or a list of intervals');
  return { kind: 'default' };
}

function readColors(reader: MetaReader, source: Record<string, unknown>): Record<string, string> | undefined {
  const colors = reader.record(source, 'colors');
  if (!colors) return undefined;
  return Object.fromEntries(Object.entries(colors).map(([value, color]) => [value, String(color)]));
}

export function readMetricMeta(reader: MetaReader, source: Record<string, unknown>): MetricMeta | undefined {
  const type = source['type'];
  if (!isMetricType(type)) {
    reader.issue(`"type" must be one of the metric types, got ${JSON.stringify(type)}`);
    return undefined;
  }
  const spotlight = reader.record(source, 'spotlight');
  return definedOnly({
    ...readCommonFieldMeta(reader, source),
    type,
    sql: reader.string(source, 'sql'),
    filters: reader.list(source, 'filters'),
    percentile: reader.number(source, 'percentile'),
    distinctKeys: reader.stringList(source, 'distinct_keys', { allowSingle: true }),
    showUnderlyingValues: reader.stringList(source, 'show_underlying_values'),
    defaultTimeDimension: readDefaultTimeDimension(reader, source),
    spotlight: spotlight
      ? definedOnly({
          visibility: reader.child('spotlight').oneOf(spotlight, 'visibility', ['show', 'hide'] as const),
          categories: reader.child('spotlight').stringList(spotlight, 'categories'),
        })
      : undefined,
  });
}

export function readDefaultTimeDimension(
  reader: MetaReader,
  source: Record<string, unknown>,
): { field: string; interval: TimeFrame } | undefined {
  const value = reader.record(source, 'default_time_dimension');
  if (!value) return undefined;
  const field = value['field'];
  const interval = typeof value['interval'] === 'string' ? value['interval'].toUpperCase() : undefined;
  if (typeof field !== 'string' || !(TIME_FRAMES as readonly string[]).includes(interval ?? '')) {
    reader.issue('"default_time_dimension" needs a "field" and an "interval" (DAY, WEEK, MONTH, …)');
    return undefined;
  }
  return { field, interval: interval as TimeFrame };
}
