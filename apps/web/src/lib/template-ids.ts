/** How the server joins a combined template id, and the part that marks 'Remove furniture first'. */
const SEPARATOR = '+';
const REMOVE_FURNITURE_FIRST = 'remove-furniture-first';

/**
 * The picker's state for a stored template id, which may be combined: `blue-sky+perfect-lawn` is both
 * enhancements, `remove-furniture-first+living-room` is Living Room with the furniture removed first.
 */
export function choiceFromTemplateId(templateId: string | null | undefined): {
  ids: string[];
  removeFurnitureFirst: boolean;
} {
  if (!templateId) return { ids: [], removeFurnitureFirst: false };
  const parts = templateId.split(SEPARATOR).filter(Boolean);
  const removeFurnitureFirst = parts.includes(REMOVE_FURNITURE_FIRST);
  return { ids: parts.filter((part) => part !== REMOVE_FURNITURE_FIRST), removeFurnitureFirst };
}
