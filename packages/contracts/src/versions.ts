import { z } from 'zod';
import { editClassificationSchema } from './disclosure';
import { photoSchema, photoStatusSchema } from './projects';

/** The styles a staging template can be made in (issue 12), in the order the style choice lists them. */
export const STAGING_STYLES = [
  'Modern',
  'Scandinavian',
  'Industrial',
  'Mid-century',
  'Luxury',
  'Farmhouse',
  'Coastal',
  'Transitional',
] as const;
export type StagingStyle = (typeof STAGING_STYLES)[number];
export const stagingStyleSchema = z.enum(STAGING_STYLES, {
  error: `Choose a style: ${STAGING_STYLES.join(', ')}.`,
});

/** Each variation is one image against the quota. */
export const MAX_VARIATIONS = 4;
export const variationsSchema = z.coerce
  .number({ error: `Variations must be a whole number from 1 to ${MAX_VARIATIONS}.` })
  .int({ error: `Variations must be a whole number from 1 to ${MAX_VARIATIONS}.` })
  .min(1, { error: `Variations must be a whole number from 1 to ${MAX_VARIATIONS}.` })
  .max(MAX_VARIATIONS, { error: `Variations must be a whole number from 1 to ${MAX_VARIATIONS}.` });

const pixelSizeSchema = z.object({ width: z.number().int(), height: z.number().int() });

/**
 * The sizes of a version's provider call: what was sent, asked for (null when the model takes only a shape)
 * and answered, and the original's, which the result was fitted to. An answer smaller than asked is a
 * vendor's silent fallback (say, to 1K).
 */
export const providerResolutionSchema = z.object({
  sent: pixelSizeSchema,
  requested: pixelSizeSchema.nullable(),
  returned: pixelSizeSchema,
  original: pixelSizeSchema,
});
export type ProviderResolution = z.infer<typeof providerResolutionSchema>;

/** One result made from a photo: every one is kept, in order; one of them is the photo's chosen version. */
export const photoVersionSchema = z.object({
  id: z.string(),
  photoId: z.string(),
  /** 1, 2, 3 … in the order they were asked for. */
  number: z.number().int(),
  status: photoStatusSchema,
  /** The version downloads and the ZIP use. */
  chosen: z.boolean(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  style: stagingStyleSchema.nullable(),
  /** The agent's own instructions, when any. */
  instructions: z.string().nullable(),
  prompt: z.string().nullable(),
  engine: z.string().nullable(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  /** What the provider call cost, in US dollars, when it reported (or we computed) one. */
  costUsd: z.number().nullable(),
  /** Null for the local engine, and for versions made before sizes were recorded. */
  resolution: providerResolutionSchema.nullable().optional(),
  /** The structure check's verdict: true when the result should be looked at before use. */
  needsReview: z.boolean(),
  reviewReason: z.string().nullable(),
  /**
   * 'Keep furniture consistent': the version of another photo of the same room sent with the call as a furniture
   * reference (decision 111); null when none was.
   */
  referenceVersionId: z.string().nullable().optional(),
  /** What the engine said about how it was made (a reference it could not send, a smaller answer …). */
  notes: z.array(z.string()).optional(),
  error: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  /** Exempt (light, colour, exposure) or disclosed, and what it altered: from its template and instructions. */
  edit: editClassificationSchema,
  /** An area edit: the version it edited (changed only inside the painted area). Null for every other version. */
  baseVersionId: z.string().nullable().optional(),
});
export type PhotoVersion = z.infer<typeof photoVersionSchema>;
export const photoVersionListSchema = z.array(photoVersionSchema);

/**
 * 'Generate again': new versions of one photo. Every field left out is taken from the photo's chosen version
 * (or its newest one), so an empty body repeats the same settings.
 */
export const createVersionsRequestSchema = z.object({
  /** null: no template, the custom instructions alone (left out: the earlier version's template). */
  templateId: z.string().trim().min(1).nullable().optional(),
  /** Enhancement templates chosen together, for one image (an upload sends them comma-separated). */
  templateIds: z.array(z.string().trim().min(1)).min(1).max(8).optional(),
  /** 'Remove furniture first' on a staging template; false takes it off the template being repeated. */
  removeFurnitureFirst: z.boolean().optional(),
  style: stagingStyleSchema.optional(),
  /** Custom instructions; an empty string removes the previous ones. */
  prompt: z.string().max(2000, { error: 'Instructions can be at most 2000 characters.' }).optional(),
  variations: variationsSchema.default(1),
});
export type CreateVersionsRequest = z.input<typeof createVersionsRequestSchema>;

export const createVersionsResponseSchema = z.object({
  photo: photoSchema,
  versions: photoVersionListSchema,
});
export type CreateVersionsResponse = z.infer<typeof createVersionsResponseSchema>;

export const versionParamsSchema = z.object({
  id: z.uuid({ error: 'Not found' }),
  versionId: z.uuid({ error: 'Not found' }),
});

/** `GET /api/projects/:id/download?versions=all` puts every version in the ZIP, not only the chosen ones. */
export const projectDownloadQuerySchema = z.object({
  versions: z.enum(['chosen', 'all'], { error: "versions must be 'chosen' or 'all'" }).default('chosen'),
});

/** The painted area's PNG, before base64: a brushed mask compresses to far less. */
export const MAX_MASK_BYTES = 4 * 1024 * 1024;
const MAX_MASK_BASE64 = Math.ceil(MAX_MASK_BYTES / 3) * 4 + 64;

/**
 * 'Edit an area': one new version of the photo made from the version `versionId` (a finished one), changed
 * only inside the painted area. One image against the quota, given back if it fails.
 */
export const areaEditRequestSchema = z.object({
  /** What to do inside the area: 'remove the floor lamp', 'replace the sofa with a dark leather one'. */
  instructions: z
    .string({ error: 'Say what to change inside the painted area.' })
    .trim()
    .min(1, { error: 'Say what to change inside the painted area.' })
    .max(2000, { error: 'Instructions can be at most 2000 characters.' }),
  /**
   * The painted area: a PNG of the version's shape (at most 4096 px long), opaque where painted on a
   * transparent background (or white on black), as base64 or a data: URL.
   */
  mask: z
    .string({ error: 'Paint the area to change: the painted area is missing.' })
    .min(1, { error: 'Paint the area to change: the painted area is missing.' })
    .max(MAX_MASK_BASE64, { error: `The painted area can be at most ${MAX_MASK_BYTES / 1024 / 1024} MB.` })
    .regex(/^(data:image\/png;base64,)?[A-Za-z0-9+/]+={0,2}$/, {
      error: 'The painted area must be a PNG image in base64 (or a data:image/png URL).',
    }),
});
export type AreaEditRequest = z.input<typeof areaEditRequestSchema>;
