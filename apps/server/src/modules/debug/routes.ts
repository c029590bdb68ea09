import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { debugPromptRequestSchema, debugPromptResponseSchema } from '@hearth/contracts';
import { finalPromptOf, parseRequestedEdit } from '../templates/service';

export async function debugRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/debug/prompt',
      { schema: { body: debugPromptRequestSchema, response: { 200: debugPromptResponseSchema } } },
      async (request) => {
        // Read the prompt as an upload reads it, so the preview is what the pipeline would send.
        return {
          finalPrompt: finalPromptOf(parseRequestedEdit({ prompt: request.body.prompt, style: request.body.style })),
        };
      },
    );
}
