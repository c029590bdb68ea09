import { z } from 'zod';

/** Every non-OK answer from the API carries a message a person can act on. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
