// Explores from a transform (dbt) project. Pure: no NestJS, no TypeORM.
export { compileExplores } from './lib/explores/compile-explores';
export { relationsOf } from './lib/explores/relations-of';
export { type ParsedFilterValue, parseFilterValue } from './lib/filters/parse-filter-value';
export { parseModelFilters } from './lib/filters/parse-model-filters';
export { type FilterRuleInput, type FilterSqlContext, renderFilterRuleSql } from './lib/filters/render-filter-rule-sql';
export { SUPPORTED_MANIFEST_VERSIONS } from './lib/manifest/manifest-version';
export { type MetricPart, metricParts, type PartKind } from './lib/pre-aggregates/re-aggregatable-metric';
export { loadTransformProject, type TransformProjectInput } from './lib/project/load-transform-project';
export type { TransformColumn, TransformModel, TransformProject, TransformResourceType } from './lib/project/transform-project';
export type { CompileExploresOptions, CustomGranularity } from './lib/tables/compile-context';
export { friendlyName } from './lib/util/friendly-name';
export { type YamlProjectInput } from './lib/yaml-project/load-yaml-project';
export type { TargetLocation } from './lib/yaml-project/profile-target';
export { readYamlProjectFromDirectory } from './lib/yaml-project/read-yaml-project-from-directory';
