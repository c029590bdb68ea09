import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  type ListingDeps,
} from './service';

const publicPageParams = z.object({ token: z.string().max(100) });
const publicImageParams = z.object({
  token: z.string().max(100),
  photoId: z.uuid({ error: 'Not found' }),
  file: z.enum(['result.jpg', 'original.jpg'], { error: 'Not found' }),
});

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
      const { stream, fileName } = await exportForMls(deps, request.user.id, request.params.id, request.query.size);
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

  api.get(
    '/listing/:token/photos/:photoId/:file',
    { schema: { params: publicImageParams } },
    async (request, reply) => {
      const { token, photoId, file } = request.params;
      const image = await publicListingImage(deps, token, photoId, file === 'result.jpg' ? 'result' : 'original');
      reply
        .headers(PUBLIC_HEADERS)
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff');
      return reply.send(image.stream);
    },
  );
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
