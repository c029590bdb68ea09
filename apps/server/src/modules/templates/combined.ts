import { HttpError } from '../../infrastructure/http/errors';
import type { TemplateDefinition } from './definition';

/**
 * Templates chosen together (issue 13), stored as one template id so that everything downstream — the
 * version's columns, 'Generate again', the final prompt, the engine choice — treats them as one template:
 *
 * - enhancements together, `professional-enhancement+blue-sky+perfect-lawn` (catalog order, so any order of
 *   choosing gives the same id): one image, the local engine applies all of them in its one pass;
 * - `remove-furniture-first+living-room`: a staging template that first empties the occupied room, in the
 *   same provider call (one image).
 */

export const SEPARATOR = '+';
export const REMOVE_FURNITURE_FIRST = 'remove-furniture-first';

/** Staging templates that empty the room themselves: removing the furniture first would ask twice. */
const EMPTIES_THE_ROOM = new Set(['empty-room', 'declutter']);

/** Whether a catalog template offers 'Remove furniture first'. */
export const offersRemoveFurnitureFirst = (template: TemplateDefinition) =>
  template.category === 'staging' && !EMPTIES_THE_ROOM.has(template.id);

const REMOVE_FIRST_PROMPT =
  'First remove all existing furniture, decor and movable objects from the room, reconstructing the floor and walls behind them consistently; then, in the emptied room:';

const notCombinable = () =>
  new HttpError(
    400,
    'Only enhancement templates can be chosen together (Professional Enhancement, Blue Sky, Perfect Lawn); choose one staging template at a time.',
    'TEMPLATES_NOT_COMBINABLE',
  );

/**
 * The one template id for several chosen together, or throws a 400 that says what can be combined. Unknown
 * ids are the caller's to refuse first.
 */
export function combinedTemplateId(
  templates: readonly TemplateDefinition[],
  removeFurnitureFirst: boolean,
  catalog: readonly TemplateDefinition[],
): string {
  const distinct = [...new Map(templates.map((t) => [t.id, t])).values()];
  if (distinct.length === 0)
    throw new HttpError(400, 'Choose a template or write custom instructions.', 'NOTHING_TO_DO');
  if (distinct.length > 1 && distinct.some((t) => t.category !== 'enhancement')) throw notCombinable();
  if (removeFurnitureFirst) return withFurnitureRemovedFirst(distinct[0]!, distinct.length);
  const order = (t: TemplateDefinition) => catalog.findIndex((c) => c.id === t.id);
  return [...distinct]
    .sort((a, b) => order(a) - order(b))
    .map((t) => t.id)
    .join(SEPARATOR);
}

function withFurnitureRemovedFirst(template: TemplateDefinition, count: number): string {
  if (count > 1 || template.category !== 'staging') {
    throw new HttpError(
      400,
      "'Remove furniture first' applies to one staging template: it empties the room before staging it.",
      'REMOVE_FURNITURE_NOT_APPLICABLE',
    );
  }
  if (EMPTIES_THE_ROOM.has(template.id)) {
    throw new HttpError(
      400,
      `${template.name} already removes what is in the room: 'Remove furniture first' is for the staging templates that furnish it.`,
      'REMOVE_FURNITURE_NOT_APPLICABLE',
    );
  }
  return `${REMOVE_FURNITURE_FIRST}${SEPARATOR}${template.id}`;
}

/**
 * The definition behind a combined id, built from its parts; undefined when the id is not one this file
 * makes (an unknown part, a mix it refuses).
 */
export function resolveCombined(
  id: string,
  find: (id: string) => TemplateDefinition | undefined,
): TemplateDefinition | undefined {
  const ids = id.split(SEPARATOR);
  if (ids.length < 2) return undefined;
  if (ids[0] === REMOVE_FURNITURE_FIRST) {
    const base = ids.length === 2 ? find(ids[1]!) : undefined;
    if (!base || base.category !== 'staging' || EMPTIES_THE_ROOM.has(base.id)) return undefined;
    return {
      ...base,
      id,
      baseId: base.id,
      name: `${base.name} (furniture removed first)`,
      alterations: [...new Set([...base.alterations, 'furniture-removal' as const])],
      isPopular: false,
      prompt: `${REMOVE_FIRST_PROMPT} ${base.prompt}`,
    };
  }
  const parts = ids.map(find);
  if (parts.some((t) => !t || t.category !== 'enhancement')) return undefined;
  const templates = parts as TemplateDefinition[];
  if (new Set(ids).size !== ids.length) return undefined;
  const local = templates.every((t) => t.localOperations);
  return {
    id,
    name: templates.map((t) => t.name).join(' + '),
    category: 'enhancement',
    alterations: [...new Set(templates.flatMap((t) => t.alterations))],
    isPopular: false,
    prompt: combinedPrompt(templates),
    parts: ids,
    ...(local && { localOperations: templates.flatMap((t) => t.localOperations!) }),
  };
}

const CHANGE_NOTHING_ELSE = /[.;]?\s*change nothing else\.?\s*$/i;

/** The parts' prompts, each without its own "change nothing else", which is said once for all of them. */
function combinedPrompt(templates: readonly TemplateDefinition[]): string {
  const exclusive = templates.some((t) => CHANGE_NOTHING_ELSE.test(t.prompt));
  const edits = templates.map((t) => {
    const prompt = t.prompt.replace(CHANGE_NOTHING_ELSE, '').trim();
    return /[.!?]$/.test(prompt) ? prompt : `${prompt}.`;
  });
  return `${edits.join(' ')}${exclusive ? ' Apart from these edits, change nothing.' : ''}`;
}
