import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateProfileResponseSchema, updateProfileSchema, userSchema } from '@hearth/contracts';
import type { Db } from '../../infrastructure/db/client';
import { createPendingEmailChanges, headersOf, type Auth } from '../auth/service';
import { getUser, updateProfile } from './service';

interface UserRouteDeps {
  db: Db;
  auth: Auth;
}

export async function userRoutes(app: FastifyInstance, { db, auth }: UserRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pendingEmailChanges = createPendingEmailChanges(auth);

  api.get('/api/auth/user', { schema: { response: { 200: userSchema } } }, async (request) => {
    return getUser({ db, pendingEmailChanges }, request.user.id);
  });

  api.patch(
    '/api/auth/user',
    { schema: { body: updateProfileSchema, response: { 200: updateProfileResponseSchema } } },
    async (request) => {
      const requestEmailChange = async (newEmail: string) => {
        await auth.api.changeEmail({
          body: { newEmail, callbackURL: '/profile' },
          headers: headersOf(request.headers),
        });
      };
      return updateProfile({ db, pendingEmailChanges, requestEmailChange }, request.user, request.body);
    },
  );
}
