export const PROMPT_REQUIRED_MESSAGE = 'Please enter a prompt to test';
export const IMAGE_AND_PROMPT_REQUIRED_MESSAGE = 'Please select an image and enter a prompt';

/** SPEC §5: previewing needs a non-empty prompt. */
export function previewBlocker(prompt: string): string | null {
  return prompt.trim() ? null : PROMPT_REQUIRED_MESSAGE;
}

/** SPEC §5: the full test needs a non-empty prompt and, as well, an image. */
export function fullTestBlocker(input: { hasImage: boolean; prompt: string }): string | null {
  if (!input.hasImage) return IMAGE_AND_PROMPT_REQUIRED_MESSAGE;
  return previewBlocker(input.prompt);
}
