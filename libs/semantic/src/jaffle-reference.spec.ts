import { JAFFLE_POSTGRES_CATALOG } from '@quarry/testing';

import { compileExplores, loadTransformProject } from './index';
import { compareWithReference } from './test/compare-with-reference';
import { readJaffleManifest, readReferenceExplores } from './test/jaffle-fixture';

describe('jaffle-shop manifest → explores, against the reference implementation', () => {
  const project = loadTransformProject({ kind: 'manifest', manifest: readJaffleManifest() });
  const explores = compileExplores(project, { warehouseType: 'postgres', catalog: JAFFLE_POSTGRES_CATALOG });
  const references = readReferenceExplores();

  it('yields one explore per model, and none for seeds', () => {
    expect(explores.map((explore) => explore.name)).toEqual(references.map((reference) => reference.name));
  });

  it.each(references.map((reference) => reference.name))('matches the reference explore %s field by field', (name) => {
    const reference = references.filter((candidate) => candidate.name === name);
    const { differences, matchingFields, totalFields } = compareWithReference(explores, reference);
    expect(differences).toEqual([]);
    expect(matchingFields).toBe(totalFields);
  });
});
