import { expect, test } from '@playwright/test';
import { signInThroughUi, verifiedAccount } from './helpers';

test.describe('signed-out visitor', () => {
  for (const path of ['/dashboard', '/profile', '/billing', '/debug']) {
    test(`${path} leads to /signin`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByText('Welcome Back')).toBeVisible();
    });
  }

  test('the help center says the visitor is logged out and goes to sign in', async ({ page }) => {
    // The redirect to /api/login is stopped at the network, so the page (and its toast) stays to be read;
    // Playwright cannot read a page whose navigation is under way.
    let loginRequested = false;
    await page.route('**/api/login', (route) => {
      loginRequested = true;
      return route.abort('aborted');
    });
    await page.goto('/help-center');
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast.getByText('Unauthorized', { exact: true })).toBeVisible();
    await expect(toast.getByText('You are logged out. Logging in again...')).toBeVisible();
    await expect.poll(() => loginRequested).toBe(true);
    await page.unroute('**/api/login');
    await page.goto('/api/login');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('public pages are reachable', async ({ page }) => {
    for (const path of [
      '/',
      '/signup',
      '/signin',
      '/forgot-password',
      '/terms-of-use',
      '/privacy-policy',
      '/contact-us',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
    }
  });

  test('an unknown path shows the 404 card', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });

  test('/update-password without a link or session sends the visitor to ask for one', async ({ page }) => {
    await page.goto('/update-password');
    await expect(page.getByText('Invalid or expired link')).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe('signed-in user', () => {
  test('is sent from the public auth pages to the dashboard, and can reach every app page', async ({
    page,
    request,
  }) => {
    const email = await verifiedAccount(request);
    await signInThroughUi(page, email);
    for (const path of ['/', '/signin', '/signup', '/forgot-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    for (const [item, path] of [
      ['Billing', '/billing'],
      ['Help Center', '/help-center'],
      ['Profile', '/profile'],
    ] as const) {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: /account menu|avatar|open user menu/i }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await page.goto('/debug');
    await expect(page).toHaveURL(/\/debug$/);
  });
});
