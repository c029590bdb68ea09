import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  MAX_PHOTOS_PER_BATCH,
  MAX_UPLOAD_BYTES,
  photoListSchema,
  uploadResponseSchema,
} from '@hearth/contracts';
import type { Db } from '../../db/client';
import type { Queue } from '../jobs/queue';
import type { ObjectStorage } from '../storage/storage';
import type { EngineAvailability } from '../templates/service';
import { acceptUpload, checkUploadAllowed } from './accept-upload';
import { receiveUpload } from './receive';
import { downloadProject, listProjectPhotos, openPhotoFile, type PhotoFile } from './service';

interface PhotoRouteDeps {
  db: Db;
  storage: ObjectStorage;
  queue: Queue;
  engines: EngineAvailability;
  tempDir: string;
}

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
      const received = await receiveUpload(request, path.join(deps.tempDir, 'uploads'));
      const accepted = await acceptUpload({ ...deps, log: request.log }, id, request.params.id, received);
      return reply.status(201).send(accepted);
    },
  );

  api.get('/api/projects/:id/download', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const download = await downloadProject(deps, request.user.id, request.params.id);
    if (download.kind === 'file') return sendFile(reply, download.file);
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', attachment(download.fileName));
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(download.stream);
  });

  api.get('/api/photos/:id/:kind', { schema: { params: photoFileParams } }, async (request, reply) => {
    return sendFile(reply, await openPhotoFile(deps, request.user.id, request.params.id, request.params.kind));
  });
}

function sendFile(reply: FastifyReply, file: PhotoFile) {
  reply.header('content-type', file.contentType);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, max-age=300');
  if (file.attachmentName) reply.header('content-disposition', attachment(file.attachmentName));
  return reply.send(file.stream);
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
