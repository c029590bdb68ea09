import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createProjectSchema, idParamsSchema, projectListSchema, projectSchema } from '@hearth/contracts';
import type { Db } from '../../db/client';
import type { ObjectStorage } from '../storage/storage';
import { createProject, deleteProject, listProjects } from './service';

interface ProjectRouteDeps {
  db: Db;
  storage: ObjectStorage;
  retentionDays: number;
  log: Logger;
}

export async function projectRoutes(app: FastifyInstance, deps: ProjectRouteDeps) {
  const { db, retentionDays } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/projects', { schema: { response: { 200: projectListSchema } } }, async (request) => {
    return listProjects(db, request.user.id);
  });

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
