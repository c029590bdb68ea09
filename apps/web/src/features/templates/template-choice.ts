import type { Template } from '@hearth/contracts';

/**
 * What the agent picked in a template picker (issue 13): one template, or several enhancement templates
 * together (Blue Sky + Perfect Lawn …, one image per photo), and for a staging template whether to remove
 * the furniture first. The server stores several as one combined id (decision 110).
 */
export interface TemplateChoice {
  /** In the order they were picked; empty when none is. */
  ids: string[];
  /** Only ever true with one staging template that offers it. */
  removeFurnitureFirst: boolean;
}

export const NO_TEMPLATE: TemplateChoice = { ids: [], removeFurnitureFirst: false };

export { choiceFromTemplateId } from '../../lib/template-ids';

const isCombinable = (template: Pick<Template, 'combinable'> | undefined) => template?.combinable === true;

/**
 * Picking a tile. A combinable enhancement is added to the other enhancements picked (or taken off again);
 * anything else is a single choice, so a staging template clears the enhancement picks and an enhancement
 * clears a staging pick. Picking the staging template already picked keeps it (a radio does not untick).
 */
export function toggleTemplate(templates: readonly Template[], choice: TemplateChoice, id: string): TemplateChoice {
  const picked = templates.find((t) => t.id === id);
  if (!picked) return choice;
  if (!isCombinable(picked)) {
    return choice.ids.length === 1 && choice.ids[0] === id ? choice : { ids: [id], removeFurnitureFirst: false };
  }
  const othersCombinable = choice.ids.every((other) => isCombinable(templates.find((t) => t.id === other)));
  if (!othersCombinable) return { ids: [id], removeFurnitureFirst: false };
  const ids = choice.ids.includes(id) ? choice.ids.filter((other) => other !== id) : [...choice.ids, id];
  return { ids, removeFurnitureFirst: false };
}

/** The chosen templates this server can run now, in the order they were picked. */
export function chosenTemplates(templates: readonly Template[] | undefined, choice: TemplateChoice): Template[] {
  return choice.ids.flatMap((id) => templates?.find((t) => t.id === id && t.available) ?? []);
}

/** The one staging template picked, when that is what was picked. */
export function stagingTemplateOf(templates: readonly Template[] | undefined, choice: TemplateChoice) {
  const chosen = chosenTemplates(templates, choice);
  return chosen.length === 1 && chosen[0]!.category === 'staging' ? chosen[0]! : null;
}

/** 'Remove furniture first' is offered for a staging template that does not empty the room itself. */
export function offersRemoveFurnitureFirst(templates: readonly Template[] | undefined, choice: TemplateChoice) {
  return stagingTemplateOf(templates, choice)?.removeFurnitureFirst === true;
}

/** The flag as sent: only where it is offered. */
export const removesFurnitureFirst = (templates: readonly Template[] | undefined, choice: TemplateChoice) =>
  choice.removeFurnitureFirst && offersRemoveFurnitureFirst(templates, choice);

/** 'Professional Enhancement + Blue Sky', as the server names a combination. */
export const choiceName = (chosen: readonly Pick<Template, 'name'>[]) => chosen.map((t) => t.name).join(' + ');
