interface ProviderError {
  status: number;
  statusText?: string;
  message?: string;
  code?: string;
}

/**
 * Turns a better-auth client error into the app's one error shape, "<status>: <JSON body>", so
 * the same helpers (errorMessage, errorCode, errorStatus) read provider and API errors alike.
 */
export function toAuthError(error: ProviderError): Error {
  const body = JSON.stringify({ message: error.message ?? error.statusText ?? '', code: error.code });
  return new Error(`${error.status}: ${body}`);
}
