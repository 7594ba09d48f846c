import { randomInt } from 'node:crypto';

/** One way of running a case; `run` throws when the answer is not the expected one. */
export interface Variant<Id extends string = string> {
  id: Id;
  run(): Promise<void>;
}

export interface MeasureOptions {
  iterations: number;
  warmup: number;
}

/**
 * Runs every variant `warmup` times untimed, then `iterations` times timed. Variants are
 * interleaved, in a new random order each round: drift (caches, CPU frequency, other load) spreads
 * evenly over them, and no variant always runs right after the same one (a fixed rotation timed
 * one variant always just after another's heavy work, whose cold caches it paid for).
 */
export async function measure<Id extends string>(
  variants: ReadonlyArray<Variant<Id>>,
  options: MeasureOptions,
): Promise<Record<Id, number[]>> {
  const samples = Object.fromEntries(variants.map((variant) => [variant.id, [] as number[]])) as Record<Id, number[]>;
  for (let round = 0; round < options.warmup; round += 1) {
    for (const variant of variants) await variant.run();
  }
  for (let round = 0; round < options.iterations; round += 1) {
    for (const variant of shuffled(variants)) {
      const started = performance.now();
      await variant.run();
      samples[variant.id].push(performance.now() - started);
    }
  }
  return samples;
}

/** A copy in random order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}
