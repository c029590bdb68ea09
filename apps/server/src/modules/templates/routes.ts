import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { templateListSchema } from '@hearth/contracts';
import { listTemplates, type EngineAvailability } from './service';

export async function templateRoutes(app: FastifyInstance, { engines }: { engines: EngineAvailability }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/templates', { schema: { response: { 200: templateListSchema } } }, async () => listTemplates(engines));
}
