import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toAuthError } from './auth-error';

describe('toAuthError', () => {
  it("gives the auth provider's errors the same type, status, code and message", () => {
    const error = toAuthError({ status: 403, message: 'Email not verified', code: 'EMAIL_NOT_VERIFIED' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
    expect(errorMessage(toAuthError({ status: 500, statusText: 'Internal Server Error' }))).toBe(
      'Internal Server Error',
    );
    expect(errorMessage(toAuthError({ status: 500 }))).toBeUndefined();
  });
});
