/** An error whose message is safe and useful to show the person who made the request. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Extra fields for the JSON body, e.g. which file was refused. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message, 'NOT_FOUND');
export const unauthorized = () => new HttpError(401, 'Unauthorized', 'UNAUTHORIZED');
