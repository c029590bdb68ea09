import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';

export const PASSWORD = 'Sunny-Porch-42';

let counter = 0;
export const uniqueEmail = (label = 'agent') => `${label}.${Date.now()}.${++counter}@example.com`;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The first link of the newest mail to this address whose subject matches. */
export async function mailedLink(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as OutboxMail[];
      const mail = mails.find((m) => m.to === to && subject.test(m.subject));
      link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  return link!;
}

export async function signUpThroughUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signup');
  await page.getByLabel('First Name').fill('Avery');
  await page.getByLabel('Last Name').fill('Agent');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Your Free Account' }).click();
  await expect(page.getByText('Account Created!')).toBeVisible();
}

export async function signInThroughUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A verified account, made through the API the way the web app makes it. */
export async function verifiedAccount(request: APIRequestContext, email = uniqueEmail(), origin = baseURL) {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: 'Avery Agent', firstName: 'Avery', lastName: 'Agent' },
    headers: { origin },
  });
  expect(response.ok()).toBe(true);
  const link = await mailedLink(request, email, /Verify your email/);
  await request.get(link, { maxRedirects: 0 });
  return email;
}
