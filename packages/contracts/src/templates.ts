import { z } from 'zod';

export const templateCategorySchema = z.enum(['staging', 'enhancement']);

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  prompt: z.string(),
  category: templateCategorySchema,
  isPopular: z.boolean(),
  available: z.boolean(),
  unavailableReason: z.string().optional(),
});
export type Template = z.infer<typeof templateSchema>;
export const templateListSchema = z.array(templateSchema);

/** SPEC §7: popular templates in this order; the rest alphabetically. */
export const POPULAR_TEMPLATE_ORDER = [
  'Bedroom',
  'Living Room',
  'Master bedroom',
  'Home Office',
  'Curb Appeal',
  'Professional Enhancement',
  'Blue Sky',
  'Perfect Lawn',
] as const;

/** SPEC §7: template prompt, then '. ', then custom text, or only one of them. */
export function joinPrompt(templatePrompt: string | undefined, customText: string | undefined): string {
  const parts = [templatePrompt?.trim(), customText?.trim()].filter((p): p is string => Boolean(p));
  return parts.join('. ');
}

export const debugPromptRequestSchema = z.object({
  prompt: z.string().trim().min(1, { error: 'Please enter a prompt to test' }).max(4000),
});
export const debugPromptResponseSchema = z.object({ finalPrompt: z.string() });
