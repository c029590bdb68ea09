import { ApiError } from '../../../lib/api-client';

interface ProviderError {
  status: number;
  statusText?: string;
  message?: string;
  code?: string;
}

/**
 * Turns a better-auth client error into the app's one error type, so the same helpers (errorMessage, errorCode,
 * errorStatus) read provider and API errors alike.
 */
export function toAuthError(error: ProviderError): ApiError {
  const body = { message: error.message ?? error.statusText ?? '', code: error.code };
  return new ApiError(error.status, body, `${error.status}: ${JSON.stringify(body)}`);
}
