import type { Template } from '@hearth/contracts';

/**
 * The template a debug prompt still belongs to: the one the developer picked, as long as the prompt
 * starts with that template's prompt (words may be added after it). Once the prompt is edited away
 * from it the pick no longer applies, so neither the picker nor the upload claim a template the text
 * does not ask for.
 */
export function templateForPrompt(
  templates: readonly Pick<Template, 'id' | 'prompt' | 'available'>[] | undefined,
  pickedId: string | null,
  prompt: string,
): Pick<Template, 'id' | 'prompt'> | null {
  if (!pickedId || !templates) return null;
  const template = templates.find((t) => t.id === pickedId && t.available);
  if (!template) return null;
  return prompt.trim().startsWith(template.prompt.trim()) ? template : null;
}
