import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { FormattableItem } from '../item/formattable-item';

/** The shared fixture, read in place (never copied into the repository). */
const REFERENCE_EXPLORES = join(__dirname, '../../../testing/fixtures/jaffle-shop/reference-explores.json');

interface ReferenceExplore {
  fields: Array<FormattableItem & { id: string }>;
}

/** A metric of reference-explores.json as the reference built it, by field id (`orders_total_order_amount`). */
export function referenceMetric(fieldId: string): FormattableItem {
  const explores = JSON.parse(readFileSync(REFERENCE_EXPLORES, 'utf8')) as ReferenceExplore[];
  const metric = explores.flatMap((explore) => explore.fields).find((field) => field.fieldType === 'metric' && field.id === fieldId);
  if (metric === undefined) throw new Error(`reference-explores.json has no metric ${fieldId}`);
  return metric;
}
