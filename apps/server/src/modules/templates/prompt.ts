import { joinPrompt, type StagingStyle } from '@hearth/contracts';
import { styleInstruction } from './styles';

/**
 * Fixed rules that keep every result truthful and MLS-compliant, whatever the template or the
 * user's text asks for. They come first so a provider reads them before the request.
 */
export const SYSTEM_RULES = [
  'You are editing a real-estate listing photo. The result must stay a truthful, photorealistic photo of this exact property.',
  'Keep the architecture exactly as it is: walls, windows, doors, floors, ceilings, stairs, built-in fixtures and cabinetry keep their position, size, shape and materials.',
  'Keep the camera position, angle, lens and framing, and the view through every window, unchanged.',
  'Anything you add must be photorealistic, at true scale for the room, resting on the floor or surfaces with natural contact shadows, and lit consistently with the existing light.',
  'Do not add people, animals, text, logos, signs or watermarks. Do not hide or disguise defects of the property.',
].join('\n');

/**
 * What a provider receives: the rules, then the template prompt and/or the user's text (SPEC §7 join), then
 * the style when one applies.
 */
export function buildFinalPrompt(request: { templatePrompt?: string; customText?: string; style?: StagingStyle }) {
  const task = joinPrompt(request.templatePrompt, request.customText);
  const style = request.style ? `\n${styleInstruction(request.style)}` : '';
  return `${SYSTEM_RULES}\n\nRequested edit: ${task}${style}`;
}
