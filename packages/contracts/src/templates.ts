import { z } from 'zod';
import { alterationSchema } from './disclosure';
import { stagingStyleSchema } from './versions';

export const templateCategorySchema = z.enum(['staging', 'enhancement']);

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  prompt: z.string(),
  category: templateCategorySchema,
  isPopular: z.boolean(),
  /** What its results alter that must be disclosed (empty: exempt, as Professional Enhancement). */
  alterations: z.array(alterationSchema),
  available: z.boolean(),
  unavailableReason: z.string().optional(),
  /** Staging templates only: the styles it can be made in, and the one picked unless the agent chooses. */
  styles: z.array(stagingStyleSchema).optional(),
  defaultStyle: stagingStyleSchema.optional(),
  /**
   * Enhancement templates that can be chosen together for one image (`templateIds` in an upload or in
   * 'Generate again'); the local engine applies them in one pass.
   */
  combinable: z.boolean().optional(),
  /** Staging templates that offer 'Remove furniture first' (`removeFurnitureFirst`): emptied, then staged. */
  removeFurnitureFirst: z.boolean().optional(),
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
  /** A staging style to carry in the final prompt, as the upload card's 'Style' does. */
  style: stagingStyleSchema.optional(),
});
export const debugPromptResponseSchema = z.object({ finalPrompt: z.string() });
