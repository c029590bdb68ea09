import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createProjectSchema, idParamsSchema, projectListSchema, projectSchema } from '@hearth/contracts';
import type { Db } from '../../db/client';
import type { RequireUser } from '../auth/session';
import type { ObjectStorage } from '../storage/storage';
import { createProject, deleteProject, listProjects } from './service';

interface ProjectRouteDeps {
  db: Db;
  storage: ObjectStorage;
  requireUser: RequireUser;
  retentionDays: number;
  log: Logger;
}

export async function projectRoutes(app: FastifyInstance, deps: ProjectRouteDeps) {
  const { db, requireUser, retentionDays } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/projects', { schema: { response: { 200: projectListSchema } } }, async (request) => {
    const { id } = await requireUser(request);
    return listProjects(db, id);
  });

  api.post(
    '/api/projects',
    { schema: { body: createProjectSchema.optional(), response: { 201: projectSchema } } },
    async (request, reply) => {
      const { id } = await requireUser(request);
      return reply.status(201).send(await createProject(db, id, request.body ?? {}, { retentionDays }));
    },
  );

  api.delete('/api/projects/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const { id } = await requireUser(request);
    await deleteProject(deps, id, request.params.id);
    return reply.status(204).send();
  });
}
