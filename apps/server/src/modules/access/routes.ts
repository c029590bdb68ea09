import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { startTrialResponseSchema, usageStatsSchema } from '@hearth/contracts';
import type { Db } from '../../infrastructure/db/client';
import { getUsageStats, startTrial } from './service';

interface UsageRouteDeps {
  db: Db;
  retentionDays: number;
}

export async function usageRoutes(app: FastifyInstance, { db, retentionDays }: UsageRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/usage/stats', { schema: { response: { 200: usageStatsSchema } } }, async (request) => {
    return getUsageStats(db, request.user.id, new Date(), retentionDays);
  });

  // Two path readings of the same action (SPEC §7).
  for (const url of ['/api/start-trial', '/api/trial/start']) {
    api.post(url, { schema: { response: { 201: startTrialResponseSchema } } }, async (request, reply) => {
      return reply.status(201).send(await startTrial(db, request.user.id, new Date()));
    });
  }
}
