import type { Template } from '@hearth/contracts';

export interface TemplateGroups {
  /** Server order kept: popular templates in SPEC order, then the rest alphabetically. */
  popular: Template[];
  more: Template[];
  /** Each distinct reason a template is unavailable, said once instead of under every tile. */
  unavailableReasons: string[];
}

export function groupTemplates(templates: readonly Template[]): TemplateGroups {
  const reasons = new Set<string>();
  for (const t of templates) if (!t.available && t.unavailableReason) reasons.add(t.unavailableReason);
  return {
    popular: templates.filter((t) => t.isPopular),
    more: templates.filter((t) => !t.isPopular),
    unavailableReasons: [...reasons],
  };
}

/**
 * Custom instructions go to the same generative provider as the staging templates, so they can run
 * exactly when a staging template is available (the server refuses them otherwise).
 */
export function customInstructionsAvailable(templates: readonly Template[]): boolean {
  return templates.some((t) => t.category === 'staging' && t.available);
}
