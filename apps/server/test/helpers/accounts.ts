import { expect } from 'vitest';
import type { OutboxMessage } from '@hearth/contracts';
import { ApiClient } from './client';
import type { TestApp } from './app';

export const PASSWORD = 'Sunny-Porch-42';

let counter = 0;
export const uniqueEmail = (label = 'agent') => `${label}.${Date.now()}.${++counter}@example.com`;

export async function outbox(testApp: TestApp): Promise<OutboxMessage[]> {
  const response = await new ApiClient(testApp.baseUrl).get<OutboxMessage[]>('/api/dev/outbox');
  expect(response.status).toBe(200);
  return response.body;
}

/** The newest mail to this address, and the first link in it, made relative to the test server. */
export async function latestLink(testApp: TestApp, to: string, subject?: RegExp): Promise<string> {
  const mail = (await outbox(testApp)).find((m) => m.to === to && (!subject || subject.test(m.subject)));
  expect(mail, `a mail to ${to}`).toBeDefined();
  const url = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
  return url.pathname + url.search;
}

export async function signUp(testApp: TestApp, email = uniqueEmail(), password = PASSWORD) {
  const client = new ApiClient(testApp.baseUrl);
  const response = await client.post('/api/auth/sign-up/email', {
    email,
    password,
    name: 'Avery Agent',
    firstName: 'Avery',
    lastName: 'Agent',
    callbackURL: '/signin?verified=true',
  });
  expect(response.status).toBe(200);
  return { client, email, password };
}

/** Signs up, follows the verification link, and signs in: a client holding a session cookie. */
export async function signedInAgent(testApp: TestApp, email = uniqueEmail()) {
  const { client, password } = await signUp(testApp, email);
  const verify = await client.get(await latestLink(testApp, email));
  expect(verify.status).toBe(302);
  const signIn = await client.post('/api/auth/sign-in/email', { email, password });
  expect(signIn.status).toBe(200);
  return { client, email, password, token: signIn.headers.get('set-auth-token')! };
}
