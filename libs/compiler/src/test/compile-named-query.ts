import { dialectFor } from '@quarry/dialects';
import type { WarehouseType } from '@quarry/domain';

import { compile } from '../index';
import type { CompiledQuery, CompileOptions } from '../lib/compile-types';
import { jaffleExplore } from './jaffle-explores';
import type { NamedQuery } from './query-set';

/** A query of the shared set compiled for a warehouse, against its (prepared) jaffle explore. */
export function compileNamedQuery(entry: NamedQuery, warehouse: WarehouseType, options: CompileOptions = {}): CompiledQuery {
  const explore = jaffleExplore(entry.explore, warehouse);
  return compile(entry.prepare ? entry.prepare(explore) : explore, entry.query, dialectFor(warehouse), entry.context ?? {}, options);
}
