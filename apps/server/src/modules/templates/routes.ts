import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { templateListSchema } from '@hearth/contracts';
import type { RequireUser } from '../auth/session';
import { listTemplates, type EngineAvailability } from './service';

export async function templateRoutes(
  app: FastifyInstance,
  { requireUser, engines }: { requireUser: RequireUser; engines: EngineAvailability },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/templates', { schema: { response: { 200: templateListSchema } } }, async (request) => {
      await requireUser(request);
      return listTemplates(engines);
    });
}
