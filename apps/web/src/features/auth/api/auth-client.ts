import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { setBearerToken } from '../../../lib/api-client';

/**
 * The better-auth client. It talks to the page's own origin (in development Vite proxies /api), so
 * session cookies stay first-party. Every answer that starts or renews a session carries the bearer
 * token in `set-auth-token`; it is handed to the API client, in memory only.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  plugins: [
    inferAdditionalFields({
      user: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
      },
    }),
  ],
  fetchOptions: {
    onSuccess: (context) => {
      const token = context.response.headers.get('set-auth-token');
      if (token) setBearerToken(token);
    },
  },
});

export type AuthSession = typeof authClient.$Infer.Session;
