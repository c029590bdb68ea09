import { fromNodeHeaders } from 'better-auth/node';
import type { IncomingHttpHeaders } from 'node:http';

/*
 * What other modules may use of auth. better-auth stays inside this module: the others get the Auth
 * instance's type, request headers in the form it reads, and the pending email change it keeps.
 */

export type { Auth } from './auth';
export { createPendingEmailChanges, type PendingEmailChanges } from './pending-email-change';

/** A request's headers as better-auth reads them (for its session and account endpoints). */
export const headersOf = (headers: IncomingHttpHeaders): Headers => fromNodeHeaders(headers);
