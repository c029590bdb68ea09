import { z } from 'zod';
import { disclosureProfileIdSchema, editClassificationSchema } from './disclosure';

export const MAX_UPLOAD_BYTES = 26_214_400; // 25 MB
export const MAX_PHOTOS_PER_BATCH = 30;
export const LARGE_BATCH_WARNING_AT = 10;
export const PROJECTS_PER_PAGE = 5;
export const ACCEPTED_IMAGE_TYPES = ['jpeg', 'png', 'heic', 'webp', 'gif', 'bmp', 'tiff'] as const;
export const ACCEPTED_EXTENSIONS = [
  '.jpg',
  '.jpeg',
  '.png',
  '.heic',
  '.heif',
  '.webp',
  '.gif',
  '.bmp',
  '.tif',
  '.tiff',
];
export const REJECTED_FILES_MESSAGE =
  'Some files were rejected: Only JPG, PNG, HEIC, WEBP, GIF, BMP, TIFF files under 25MB are allowed.';

export const projectStatusSchema = z.enum(['uploading', 'processing', 'completed']);
export const photoStatusSchema = z.enum(['waiting', 'processing', 'completed', 'failed']);

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: projectStatusSchema,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  totalPhotos: z.number().int(),
  processedPhotos: z.number().int(),
  completedPhotos: z.number().int(),
  failedPhotos: z.number().int(),
  reviewPhotos: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  /** The listing the project is for (issue 14). */
  address: z.string().nullable(),
  mlsNumber: z.string().nullable(),
  disclosureProfile: disclosureProfileIdSchema,
  /** The public originals page ('/listing/<token>'), while the listing is published. */
  publicUrl: z.string().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  /**
   * 'Keep furniture consistent' (issue 13): staging a photo sends the room's first accepted staged version, from
   * another photo with the same room, as a reference image (decision 111).
   */
  keepFurnitureConsistent: z.boolean(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.array(projectSchema);

export const createProjectSchema = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  status: z.literal('uploading').optional(),
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${what} can be at most ${max} characters.` })
    .transform((value) => value || null)
    .nullable();

/** Rename a project and make it a listing: each field left out stays as it is; an empty address or number clears it. */
export const updateProjectSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'Please enter a project name.' })
      .max(120, { error: 'A project name can be at most 120 characters.' }),
    address: optionalText(200, 'A listing address'),
    mlsNumber: optionalText(40, 'An MLS number'),
    disclosureProfile: disclosureProfileIdSchema,
    keepFurnitureConsistent: z.boolean({ error: 'keepFurnitureConsistent must be true or false.' }),
  })
  .partial()
  .strict();
export type UpdateProjectInput = z.input<typeof updateProjectSchema>;

/** `GET /api/projects?q=`: projects whose name or listing address contains the words. */
export const projectListQuerySchema = z.object({
  q: z.string().trim().max(200, { error: 'Search for at most 200 characters.' }).optional(),
});

export const photoSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  fileName: z.string(),
  /** The room it shows ('Living room'); photos of a project with the same room share furniture. */
  room: z.string().nullable(),
  status: photoStatusSchema,
  originalUrl: z.string(),
  enhancedUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  prompt: z.string().nullable(),
  templateName: z.string().nullable(),
  engine: z.string().nullable(),
  operations: z.array(z.string()),
  notes: z.array(z.string()),
  needsReview: z.boolean(),
  reviewReason: z.string().nullable(),
  error: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  /** The version downloads use; null until one has completed. */
  chosenVersionId: z.string().nullable(),
  /** The style of the chosen (else the newest) version, for staging templates. */
  style: z.string().nullable(),
  versionCount: z.number().int(),
  /** Whether the chosen (else newest) version must be disclosed, from how it was made; null before any. */
  edit: editClassificationSchema.nullable(),
});
export type Photo = z.infer<typeof photoSchema>;
export const photoListSchema = z.array(photoSchema);

export const MAX_ROOM_NAME = 60;

/** `PATCH /api/photos/:id`: say which room the photo shows; an empty name (or null) clears it. */
export const updatePhotoSchema = z
  .object({
    room: z
      .string({ error: 'room must be a room name, or null to clear it.' })
      .trim()
      .max(MAX_ROOM_NAME, { error: `A room name can be at most ${MAX_ROOM_NAME} characters.` })
      .transform((value) => value.replace(/\s+/g, ' ') || null)
      .nullable(),
  })
  .strict();
export type UpdatePhotoInput = z.input<typeof updatePhotoSchema>;

/** A file of an upload batch that was not taken, and why, in words a person can act on. */
export const refusedFileSchema = z.object({
  fileName: z.string(),
  code: z.string(),
  message: z.string(),
});
export type RefusedFile = z.infer<typeof refusedFileSchema>;

/** The good files of a batch are taken; the others are listed in `refused`. */
export const uploadResponseSchema = z.object({
  project: projectSchema,
  photos: photoListSchema,
  refused: z.array(refusedFileSchema),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** The error body when no file of a batch could be taken: the first refusal's message, and every refused file. */
export const uploadRefusalSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  refused: z.array(refusedFileSchema),
});

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Not found' }) });

/** Day parts by hour boundaries 6, 12, 17, 21 (SPEC §7). */
const DAY_PARTS = [
  { before: 6, name: 'Early Morning' },
  { before: 12, name: 'Morning' },
  { before: 17, name: 'Afternoon' },
  { before: 21, name: 'Evening' },
  { before: 24, name: 'Night' },
] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '<Day-part> Session - Mon D HH:MM' in the local time of `date` (SPEC §7). */
export function projectSessionName(date: Date): string {
  const hour = date.getHours();
  const dayPart = DAY_PARTS.find((p) => hour < p.before)!.name;
  const time = `${String(hour).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${dayPart} Session - ${MONTHS[date.getMonth()]} ${date.getDate()} ${time}`;
}

/** '<sanitised project name>_enhanced.zip' */
export function zipFileName(projectName: string): string {
  const safe = projectName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, 100);
  return `${safe || 'project'}_enhanced.zip`;
}
