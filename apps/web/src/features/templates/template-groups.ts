import type { Template } from '@hearth/contracts';

export interface TemplateGroups {
  /** Server order kept: popular templates in SPEC order, then the rest alphabetically. */
  popular: Template[];
  more: Template[];
  /** Each distinct reason a template is unavailable, said once instead of under every tile. */
  unavailableReasons: string[];
  /** The templates this server cannot run now, in server order. */
  unavailable: Template[];
}

export function groupTemplates(templates: readonly Template[]): TemplateGroups {
  const reasons = new Set<string>();
  for (const t of templates) if (!t.available && t.unavailableReason) reasons.add(t.unavailableReason);
  return {
    popular: templates.filter((t) => t.isPopular),
    more: templates.filter((t) => !t.isPopular),
    unavailableReasons: [...reasons],
    unavailable: templates.filter((t) => !t.available),
  };
}

/**
 * Custom instructions go to the same generative provider as the staging templates, so they can run
 * exactly when a staging template is available (the server refuses them otherwise).
 */
/** 'Living Room, Bedroom, Curb Appeal and 11 more': the first few names, then how many are left. */
export function summarizeNames(templates: readonly Template[], shown = 3): string {
  const names = templates.map((t) => t.name);
  if (names.length <= shown + 1) {
    return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  }
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

export function customInstructionsAvailable(templates: readonly Template[]): boolean {
  return templates.some((t) => t.category === 'staging' && t.available);
}
