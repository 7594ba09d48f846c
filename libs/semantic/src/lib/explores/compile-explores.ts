import { dialectFor } from '@quarry/dialects';
import type { AnyExplore } from '@quarry/domain';

import type { TransformProject } from '../project/transform-project';
import { buildModelTable, type ModelTable } from '../tables/build-model-table';
import type { CompileContext, CompileExploresOptions } from '../tables/compile-context';
import { compileExplore } from './compile-explore';
import { type ExploreDefinition, exploreDefinitions } from './explore-definition';

/**
 * The explores of a transform project, sorted by name, with SQL for the project's warehouse. A
 * model with problems yields an explore error naming them; the other explores still load.
 */
export function compileExplores(project: TransformProject, options: CompileExploresOptions): AnyExplore[] {
  const context: CompileContext = {
    warehouseType: options.warehouseType,
    dialect: dialectFor(options.warehouseType),
    catalog: options.catalog,
    customGranularities: options.customGranularities ?? {},
    now: options.now ?? new Date(),
    ...(options.startOfWeek === undefined ? {} : { startOfWeek: options.startOfWeek }),
  };
  const modelTables = project.models.map((model) => buildModelTable(model, context));
  const byName = new Map<string, ModelTable>(modelTables.map((modelTable) => [modelTable.model.name, modelTable]));
  const explores = new Map<string, AnyExplore>();
  const owners = new Map<string, string>();
  for (const definition of exploreDefinitions(modelTables)) {
    const owner = owners.get(definition.name);
    explores.set(definition.name, owner === undefined ? compileExplore(definition, byName, context) : nameClash(definition, owner));
    owners.set(definition.name, definition.base.model.name);
  }
  return [...explores.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Two explores under one name: neither can be addressed reliably, so the name reports the clash. */
function nameClash(definition: ExploreDefinition, firstOwner: string): AnyExplore {
  return {
    name: definition.name,
    label: definition.label,
    baseTable: definition.base.model.name,
    errors: [
      {
        type: 'METADATA_PARSE_ERROR',
        message:
          `Another explore is already named "${definition.name}" (from model "${firstOwner}"); ` +
          `model "${definition.base.model.name}" declares it again`,
      },
    ],
  };
}
