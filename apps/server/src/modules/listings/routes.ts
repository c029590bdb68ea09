import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../infrastructure/http/errors';
import {
  disclosureProfileSummarySchema,
  idParamsSchema,
  listingCheckSchema,
  mlsExportQuerySchema,
} from '@hearth/contracts';
import {
  checkProjectListing,
  exportForMls,
  listingQrCode,
  profileSummaries,
  publicListingImage,
  publicListingPage,
  publicListingRendition,
  type ListingDeps,
} from './service';
import {
  createRenditionCache,
  RENDITION_FORMATS,
  RENDITION_WIDTHS,
  type RenditionFormat,
  type RenditionWidth,
} from './public-images';

const publicPageParams = z.object({ token: z.string().max(100) });
/** `result.jpg` or `original.jpg` at full size; `result-960.avif` and the like: a copy for the page's srcset. */
const PUBLIC_IMAGE_FILE = new RegExp(
  `^(result|original)(?:-(${RENDITION_WIDTHS.join('|')}))?\\.(${RENDITION_FORMATS.join('|')})$`,
);
const publicImageParams = z.object({
  token: z.string().max(100),
  photoId: z.uuid({ error: 'Not found' }),
  file: z.string().max(40),
});

/** The image a file name asks for; a name the page never links is simply not there (404). */
function publicImageFile(file: string) {
  const [, kind, width, format] = PUBLIC_IMAGE_FILE.exec(file) ?? [];
  // Full size is the stored JPEG itself; only the smaller copies come in other formats.
  if (!kind || (!width && format !== 'jpg')) throw notFound('Not found');
  return {
    kind: kind as 'result' | 'original',
    size: width ? { width: Number(width) as RenditionWidth, format: format as RenditionFormat } : null,
  };
}
const CONTENT_TYPES: Record<RenditionFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** Nothing of a listing's public page is ever indexed, and nothing of it outlives a revocation in a cache. */
const PUBLIC_HEADERS = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-cache' };

const GONE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Page not found</title></head><body style="font-family:system-ui,sans-serif;margin:2rem"><h1>This page is not available</h1><p>The listing's photos are no longer published at this address.</p></body></html>`;

export async function listingRoutes(app: FastifyInstance, deps: ListingDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/disclosure-profiles',
    { schema: { response: { 200: z.array(disclosureProfileSummarySchema) } } },
    async () => profileSummaries(),
  );

  api.get(
    '/api/projects/:id/mls-check',
    { schema: { params: idParamsSchema, response: { 200: listingCheckSchema } } },
    async (request) => checkProjectListing(db, request.user.id, request.params.id),
  );

  api.get(
    '/api/projects/:id/mls-export',
    { schema: { params: idParamsSchema, querystring: mlsExportQuerySchema } },
    async (request, reply) => {
      const { stream, fileName } = await exportForMls(deps, request.user.id, request.params.id, request.query);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', attachment(fileName));
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(stream);
    },
  );

  for (const format of ['png', 'svg'] as const) {
    api.get(`/api/projects/:id/qr.${format}`, { schema: { params: idParamsSchema } }, async (request, reply) => {
      const image = await listingQrCode(deps, request.user.id, request.params.id, format);
      reply.header('content-type', format === 'png' ? 'image/png' : 'image/svg+xml');
      reply.header('cache-control', 'private, no-cache');
      reply.header('content-disposition', `inline; filename="listing-qr.${format}"`);
      return reply.send(image);
    });
  }

  // The public originals page and its images: no session (not under /api), only what the token publishes.
  api.get('/listing/:token', { schema: { params: publicPageParams } }, async (request, reply) => {
    const html = await publicListingPage(db, request.params.token);
    reply.headers(PUBLIC_HEADERS).type('text/html; charset=utf-8');
    return html ? reply.send(html) : reply.status(404).send(GONE_PAGE);
  });

  const renditions = createRenditionCache();
  api.get(
    '/listing/:token/photos/:photoId/:file',
    { schema: { params: publicImageParams } },
    async (request, reply) => {
      const { token, photoId } = request.params;
      const file = publicImageFile(request.params.file);
      reply.headers(PUBLIC_HEADERS).header('x-content-type-options', 'nosniff');
      if (!file.size) {
        const image = await publicListingImage(deps, token, photoId, file.kind);
        return reply.type(image.contentType).send(image.stream);
      }
      const image = await publicListingRendition({ ...deps, renditions }, token, photoId, file.kind, file.size);
      return reply.type(CONTENT_TYPES[file.size.format]).send(image);
    },
  );
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
