import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  areaEditRequestSchema,
  createVersionsRequestSchema,
  createVersionsResponseSchema,
  idParamsSchema,
  MAX_PHOTOS_PER_BATCH,
  MAX_UPLOAD_BYTES,
  photoListSchema,
  photoSchema,
  photoVersionListSchema,
  updatePhotoSchema,
  projectDownloadQuerySchema,
  uploadResponseSchema,
  versionParamsSchema,
} from '@hearth/contracts';
import type { Db } from '../../infrastructure/db/client';
import type { Queue } from '../../infrastructure/queue/queue';
import { photoKeys, type ObjectStorage } from '../../infrastructure/storage/object-storage';
import type { EngineAvailability } from '../templates/service';
import { acceptUpload, checkUploadAllowed } from './accept-upload';
import { headStartUpload, type HeadStarts } from './head-starts';
import { receiveUpload } from './receive';
import {
  chooseVersion,
  createAreaEdit,
  createVersions,
  downloadProject,
  listPhotoVersions,
  listProjectPhotos,
  openPhotoFile,
  openVersionFile,
  setPhotoRoom,
  type PhotoFile,
} from './service';

interface PhotoRouteDeps {
  db: Db;
  storage: ObjectStorage;
  queue: Queue;
  engines: EngineAvailability;
  tempDir: string;
  /** This process's photo worker, when it runs one: it may begin on originals while their batch uploads. */
  headStarts?: HeadStarts;
}

const versionFileParams = z.object({
  id: z.uuid({ error: 'Not found' }),
  kind: z.enum(['image', 'thumbnail', 'download']),
});

const photoFileParams = z.object({
  id: z.uuid({ error: 'Not found' }),
  kind: z.enum(['original', 'enhanced', 'thumbnail', 'download']),
});

export async function photoRoutes(app: FastifyInstance, deps: PhotoRouteDeps) {
  const { db } = deps;
  await app.register(multipart, {
    // A too-large file is refused on its own (part.file.truncated), not by failing the whole batch.
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_PHOTOS_PER_BATCH, fields: 10, fieldSize: 20_000, parts: 50 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/projects/:id/photos',
    { schema: { params: idParamsSchema, response: { 200: photoListSchema } } },
    async (request) => {
      return listProjectPhotos(db, request.user.id, request.params.id);
    },
  );

  api.post(
    '/api/projects/:id/upload',
    {
      schema: { params: idParamsSchema, response: { 201: uploadResponseSchema } },
      // 30 photos of 25 MB may take many minutes on a slow uplink: only a stalled upload is cut.
      config: { bodyTimeout: 'idle' },
    },
    async (request, reply) => {
      const { id } = request.user;
      await checkUploadAllowed(db, id, request.params.id);
      const headStart = headStartUpload(deps.headStarts, deps.engines);
      try {
        const received = await receiveUpload(request, {
          storage: deps.storage,
          db,
          userId: id,
          keyOf: (photoId) => photoKeys(id, photoId).original,
          tempDir: path.join(deps.tempDir, 'uploads'),
          onStored: headStart.onStored,
        });
        const accepted = await acceptUpload({ ...deps, log: request.log }, id, request.params.id, received);
        return reply.status(201).send(accepted);
      } catch (error) {
        headStart.giveUp();
        throw error;
      }
    },
  );

  api.get(
    '/api/projects/:id/download',
    { schema: { params: idParamsSchema, querystring: projectDownloadQuerySchema } },
    async (request, reply) => {
      const download = await downloadProject(deps, request.user.id, request.params.id, request.query.versions);
      if (download.kind === 'file') return sendFile(reply, download.file);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', attachment(download.fileName));
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(download.stream);
    },
  );

  api.patch(
    '/api/photos/:id',
    { schema: { params: idParamsSchema, body: updatePhotoSchema, response: { 200: photoSchema } } },
    async (request) => setPhotoRoom(db, request.user.id, request.params.id, request.body),
  );

  api.get(
    '/api/photos/:id/versions',
    { schema: { params: idParamsSchema, response: { 200: photoVersionListSchema } } },
    async (request) => listPhotoVersions(db, request.user.id, request.params.id),
  );

  api.post(
    '/api/photos/:id/versions',
    {
      schema: {
        params: idParamsSchema,
        body: createVersionsRequestSchema,
        response: { 201: createVersionsResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await createVersions(
        { ...deps, log: request.log },
        request.user.id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  api.post(
    '/api/photos/:id/versions/:versionId/area-edit',
    {
      schema: {
        params: versionParamsSchema,
        body: areaEditRequestSchema,
        response: { 201: createVersionsResponseSchema },
      },
      // The painted area travels as base64 in the JSON body (at most MAX_MASK_BYTES before encoding).
      bodyLimit: 6 * 1024 * 1024,
    },
    async (request, reply) => {
      const created = await createAreaEdit(
        { ...deps, log: request.log },
        request.user.id,
        request.params.id,
        request.params.versionId,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  api.post(
    '/api/photos/:id/versions/:versionId/choose',
    { schema: { params: versionParamsSchema, response: { 200: photoSchema } } },
    async (request) => chooseVersion(db, request.user.id, request.params.id, request.params.versionId),
  );

  api.get('/api/versions/:id/:kind', { schema: { params: versionFileParams } }, async (request, reply) => {
    const file = await openVersionFile(deps, request.user.id, request.params.id, request.params.kind);
    // A version's file never changes once it is made.
    return sendFile(reply, file, 'private, max-age=31536000, immutable');
  });

  api.get('/api/photos/:id/:kind', { schema: { params: photoFileParams } }, async (request, reply) => {
    return sendFile(reply, await openPhotoFile(deps, request.user.id, request.params.id, request.params.kind));
  });
}

function sendFile(reply: FastifyReply, file: PhotoFile, cacheControl = 'private, max-age=300') {
  reply.header('content-type', file.contentType);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', cacheControl);
  // Known for stored files: the browser shows the download's progress and size.
  if (file.stream.byteLength !== undefined) reply.header('content-length', file.stream.byteLength);
  if (file.attachmentName) reply.header('content-disposition', attachment(file.attachmentName));
  return reply.send(file.stream);
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
