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
 * interleaved and the starting one rotates each round, so drift (caches, CPU frequency, other
 * load) spreads evenly over them instead of favouring whichever always runs first.
 */
export async function measure<Id extends string>(variants: ReadonlyArray<Variant<Id>>, options: MeasureOptions): Promise<Record<Id, number[]>> {
  const samples = Object.fromEntries(variants.map((variant) => [variant.id, [] as number[]])) as Record<Id, number[]>;
  for (let round = 0; round < options.warmup; round += 1) {
    for (const variant of variants) await variant.run();
  }
  for (let round = 0; round < options.iterations; round += 1) {
    for (let offset = 0; offset < variants.length; offset += 1) {
      const variant = variants[(round + offset) % variants.length] as Variant<Id>;
      const started = performance.now();
      await variant.run();
      samples[variant.id].push(performance.now() - started);
    }
  }
  return samples;
}
