import { blueSkyEdit, type BlueSkyPlan } from './blue-sky';
import { perfectLawnEdit, type PerfectLawnPlan } from './perfect-lawn';
import { professionalEnhancementEdit, type ProfessionalEnhancementPlan } from './professional-enhancement';
import type { RowEdit } from './row-pass';

/**
 * What the analyses decided, as plain data (typed arrays and numbers): it crosses to worker threads by
 * structured clone, and each thread builds its own row edits from it.
 */
export interface OperationPlans {
  enhancement?: ProfessionalEnhancementPlan;
  lawn?: PerfectLawnPlan;
  sky?: BlueSkyPlan;
}

/**
 * The row edits for the plans, in the engine's fixed order: enhancement first (it sets colour and exposure),
 * then the lawn, then the sky, which replaces pixels and must not be recoloured afterwards.
 */
export function buildRowEdits(plans: OperationPlans, width: number, height: number): RowEdit[] {
  const edits: RowEdit[] = [];
  if (plans.enhancement) edits.push(professionalEnhancementEdit(plans.enhancement, width, height));
  if (plans.lawn) edits.push(perfectLawnEdit(plans.lawn, width, height));
  if (plans.sky) edits.push(blueSkyEdit(plans.sky, width, height));
  return edits;
}
