import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { debugPromptRequestSchema, debugPromptResponseSchema } from '@hearth/contracts';
import type { RequireUser } from '../auth/session';
import { buildFinalPrompt } from '../enhancement/prompt';

export async function debugRoutes(app: FastifyInstance, { requireUser }: { requireUser: RequireUser }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/debug/prompt',
      { schema: { body: debugPromptRequestSchema, response: { 200: debugPromptResponseSchema } } },
      async (request) => {
        await requireUser(request);
        return { finalPrompt: buildFinalPrompt({ customText: request.body.prompt }) };
      },
    );
}
