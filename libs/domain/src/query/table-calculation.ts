import type { CustomFormat } from '../formatting/custom-format';

export const TABLE_CALCULATION_TYPES = ['number', 'string', 'date', 'timestamp', 'boolean'] as const;
export type TableCalculationType = (typeof TABLE_CALCULATION_TYPES)[number];

interface TableCalculationBase {
  /** Column alias of the result; must not clash with a field id of the query. */
  name: string;
  displayName: string;
  index?: number;
  format?: CustomFormat;
  type?: TableCalculationType;
}

/** Free SQL over the query's columns: `${orders.total} / 2` references selected fields. */
export interface SqlTableCalculation extends TableCalculationBase {
  sql: string;
}

export const TABLE_CALCULATION_TEMPLATE_TYPES = [
  'percent_change_from_previous',
  'percent_of_previous_value',
  'percent_of_column_total',
  'rank_in_column',
  'running_total',
] as const;
export type TableCalculationTemplateType = (typeof TABLE_CALCULATION_TEMPLATE_TYPES)[number];

/** A calculation picked from a list instead of written: always over one selected field. */
export interface TableCalculationTemplate {
  type: TableCalculationTemplateType;
  /** Field id the template computes over. */
  fieldId: string;
  /** For the ordered templates: the ordering of rows; default the query's sort. */
  orderBy?: Array<{ fieldId: string; order?: 'asc' | 'desc' | null }>;
}

export interface TemplateTableCalculation extends TableCalculationBase {
  template: TableCalculationTemplate;
}

export type TableCalculation = SqlTableCalculation | TemplateTableCalculation;

export function isTemplateTableCalculation(calculation: TableCalculation): calculation is TemplateTableCalculation {
  return 'template' in calculation && calculation.template !== undefined;
}
