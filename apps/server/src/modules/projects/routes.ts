import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import {
  createProjectSchema,
  idParamsSchema,
  projectListQuerySchema,
  projectListSchema,
  projectSchema,
  updateProjectSchema,
} from '@hearth/contracts';
import type { Db } from '../../infrastructure/db/client';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';
import {
  createProject,
  deleteProject,
  listProjects,
  publishProject,
  unpublishProject,
  updateProject,
  type ProjectFileKeys,
  type ProjectListCache,
} from './service';

interface ProjectRouteDeps {
  db: Db;
  storage: ObjectStorage;
  retentionDays: number;
  log: Logger;
  /** The photos module's answer to which files a project's photos have (see ProjectFileKeys). */
  fileKeysOf: ProjectFileKeys;
  /** The dashboard's lists between writes: on the embedded database only (list-cache.ts). */
  listCache?: ProjectListCache;
}

export async function projectRoutes(app: FastifyInstance, deps: ProjectRouteDeps) {
  const { db, retentionDays } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/projects',
    { schema: { querystring: projectListQuerySchema, response: { 200: projectListSchema } } },
    async (request) => listProjects(db, request.user.id, request.query.q, deps.listCache),
  );

  api.patch(
    '/api/projects/:id',
    { schema: { params: idParamsSchema, body: updateProjectSchema, response: { 200: projectSchema } } },
    async (request) => updateProject(db, request.user.id, request.params.id, request.body),
  );

  // The listing's public originals page (issue 14): put up, or taken down for good.
  api.post(
    '/api/projects/:id/publish',
    { schema: { params: idParamsSchema, response: { 200: projectSchema } } },
    async (request) => publishProject(db, request.user.id, request.params.id),
  );
  api.delete(
    '/api/projects/:id/publish',
    { schema: { params: idParamsSchema, response: { 200: projectSchema } } },
    async (request) => unpublishProject(db, request.user.id, request.params.id),
  );

  api.post(
    '/api/projects',
    { schema: { body: createProjectSchema.optional(), response: { 201: projectSchema } } },
    async (request, reply) => {
      const project = await createProject(db, request.user.id, request.body ?? {}, { retentionDays });
      return reply.status(201).send(project);
    },
  );

  api.delete('/api/projects/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await deleteProject(deps, request.user.id, request.params.id);
    return reply.status(204).send();
  });
}
