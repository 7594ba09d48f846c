// Test support other libraries' tests may use (`@quarry/compiler/testing`): the differential fuzzer's
// random MetricQueries over the jaffle explores. Never imported by production code.
export { type GeneratedCase, type GeneratorMix, RandomQueryGenerator } from './differential/random-query';
export type { ValuePools } from './differential/value-pools';
export { jaffleExplore, jaffleExplores } from './jaffle-explores';
