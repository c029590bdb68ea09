import { expect, test, type Page } from '@playwright/test';
import { signInThroughUi, verifiedAccount } from './helpers';

/** The toast area: sonner keeps older toasts in the DOM, so look only inside it. */
const toasts = (page: Page) => page.locator('[data-sonner-toast]');
const headerLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });

test('trial → Pro through the sandbox checkout → cancel, resume and a failed renewal in the portal', async ({
  page,
  context,
}) => {
  const email = await verifiedAccount(page.request);
  await signInThroughUi(page, email);
  await expect(headerLink(page, 'View Plans')).toBeVisible();

  // The trial, started from the billing page.
  await page.goto('/billing');
  await expect(page.getByRole('region', { name: 'Usage Overview' })).toContainText('No active subscription');
  const plans = page.getByRole('region', { name: 'Subscription Plans' });
  await plans.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(toasts(page).getByText('Trial Started')).toBeVisible();
  await expect(toasts(page).getByText('You can now process up to 10 images during your trial period.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Free Trial' })).toContainText('0 of 10 images used');
  await expect(plans.getByRole('button', { name: 'Trial Used' })).toBeDisabled();
  await expect(headerLink(page, 'Upgrade')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Usage Overview' })).toHaveCount(0);

  // A second tab on the dashboard hears about the subscription through the event stream.
  const dashboard = await context.newPage();
  await dashboard.goto('/dashboard');
  await expect(dashboard.getByRole('region', { name: 'Free trial active' })).toBeVisible();

  // Pro through the sandbox checkout.
  await expect(plans.getByText('Most Popular')).toBeVisible();
  await plans.getByRole('button', { name: 'Get Started (Pro)' }).click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout — no real payment' });
  await expect(checkout).toContainText('Pro');
  await expect(checkout).toContainText('$99.00 / month');
  await expect(checkout).toContainText(email);
  await checkout.getByRole('button', { name: 'Pay $99.00' }).click();
  await expect(checkout).toBeHidden();
  await expect(toasts(page).getByText('Subscription Successful!')).toBeVisible();
  await expect(toasts(page).getByText('Your subscription has been activated. Welcome!')).toBeVisible();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(headerLink(page, 'Pro')).toBeVisible();
  const usage = page.getByRole('region', { name: 'Usage Overview' });
  await expect(usage).toContainText('Plan: Pro');
  await expect(usage).toContainText('0 / 400');
  // A period that starts now shows its whole length (Nov 24 → Dec 24: 30), though this page's clock was read
  // before the checkout.
  const period = (
    (await (await page.request.get('/api/payment-sandbox/subscription')).json()) as {
      subscription: { currentPeriodStart: string; currentPeriodEnd: string };
    }
  ).subscription;
  const periodDays = Math.round(
    (Date.parse(period.currentPeriodEnd) - Date.parse(period.currentPeriodStart)) / 86_400_000,
  );
  expect(periodDays).toBeGreaterThanOrEqual(28);
  await expect(usage.locator('dt:text-is("Days left") + dd')).toHaveText(String(periodDays));
  await expect(usage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  const management = page.getByRole('region', { name: 'Plan & Billing Management' });
  await expect(management).toContainText('Pro Plan');
  await expect(management).toContainText('$99.00 per month');
  await expect(management.getByText('Active', { exact: true })).toBeVisible();
  await expect(plans).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Free Trial' })).toHaveCount(0);

  await expect(toasts(dashboard).getByText('Welcome back! Your Pro subscription is now active.')).toBeVisible();
  await expect(headerLink(dashboard, 'Pro')).toBeVisible();
  await expect(dashboard.getByRole('region', { name: 'Usage' })).toContainText('0 of 400 images used');
  await expect(dashboard.getByRole('region', { name: /^Free trial/ })).toHaveCount(0);

  // The customer portal opens in a new tab; canceling there reaches the billing tab live.
  const portalOpening = page.waitForEvent('popup');
  await management.getByRole('button', { name: 'Open Customer Portal' }).click();
  const portal = await portalOpening;
  await expect(portal).toHaveURL(/\/billing\/sandbox-portal$/);
  await expect(portal.getByRole('heading', { name: 'Sandbox customer portal — no real payment' })).toBeVisible();
  const subscription = portal.getByRole('region', { name: 'Your subscription' });
  await expect(subscription).toContainText('Pro');
  await expect(subscription).toContainText('Active');

  await portal.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(subscription).toContainText('Ends at period end');
  await expect(toasts(page).getByText('Subscription Canceled')).toBeVisible();
  await expect(
    toasts(page).getByText(
      "Your subscription has been canceled. You'll retain access until the end of your billing period.",
    ),
  ).toBeVisible();
  const ending = page.getByRole('region', { name: 'Subscription Ending' });
  await expect(ending).toContainText(/Your subscription will end on \w+ \d{1,2}, \d{4}\./);
  await expect(ending).toContainText('you can resume anytime');
  await expect(management.getByText('Canceling', { exact: true })).toBeVisible();
  await expect(toasts(dashboard).getByText('Subscription Canceled')).toBeVisible();

  await portal.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(toasts(page).getByText('Subscription Updated')).toBeVisible();
  await expect(ending).toHaveCount(0);
  await expect(management.getByText('Active', { exact: true })).toBeVisible();

  // A renewal that fails: past due, with the grace period.
  const failNext = portal.getByRole('switch', { name: 'Make the next renewal fail' });
  await failNext.click();
  await expect(failNext).toHaveAttribute('aria-checked', 'true');
  await portal.getByRole('button', { name: 'Simulate renewal now' }).click();
  await expect(
    toasts(portal).getByText(
      'The renewal payment failed: a new one-month period starts today, unpaid, and the subscription is past due with 3 days of grace to pay.',
    ),
  ).toBeVisible();
  await expect(subscription).toContainText('Past Due');
  await expect(portal.getByRole('button', { name: 'Pay overdue balance' })).toBeVisible();
  await expect(failNext).toHaveAttribute('aria-checked', 'false');

  // No stream event announces a failed payment; the page shows it when next loaded.
  await page.reload();
  const failed = page.getByRole('region', { name: 'Payment Failed' });
  await expect(failed).toContainText(
    'Your payment failed. Please update your payment method to continue using the service.',
  );
  await expect(management.getByText('Past Due', { exact: true })).toBeVisible();
  await dashboard.reload();
  const overdue = dashboard.getByRole('region', { name: 'Payment Overdue' });
  await expect(overdue.getByRole('timer')).toHaveText(/^(71:59:\d\d|72:00:00)$/);
  await expect(overdue.getByRole('link', { name: 'Complete Payment' })).toHaveAttribute('href', '/billing');
  await expect(headerLink(dashboard, 'Pro')).toBeVisible();

  // Paying the balance makes it active again, and both tabs hear it.
  await portal.getByRole('button', { name: 'Pay overdue balance' }).click();
  await expect(subscription).toContainText('Active');
  await expect(toasts(page).getByText('Welcome back! Your Pro subscription is now active.')).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(dashboard.getByRole('region', { name: 'Payment Overdue' })).toHaveCount(0);

  // Canceled for good: the plans come back, with the previous plan shown.
  await portal.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(ending).toBeVisible();
  await portal.getByRole('button', { name: 'Simulate renewal now' }).click();
  await expect(portal.getByText('You have no subscription in the sandbox.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Subscription Canceled' })).toContainText(
    'Choose a new plan below to resubscribe.',
  );
  await expect(page.getByRole('region', { name: 'Subscription Ending' })).toHaveCount(0);
  await expect(management).toContainText('Previous: Pro');
  await expect(management.getByText('Canceled', { exact: true })).toBeVisible();
  await expect(plans.getByRole('button', { name: 'Downgrade to Starter' })).toBeEnabled();
  await expect(plans.getByRole('button', { name: 'Get Started (Pro)' })).toBeEnabled();
  await expect(headerLink(page, 'View Plans')).toBeVisible();
  await dashboard.reload();
  await expect(dashboard.getByRole('region', { name: 'Subscription Canceled' })).toBeVisible();
});

test('the subscription stream needs a session and carries only its own user events', async ({ page, browser }) => {
  const anonymous = await page.request.get('/api/sse/subscriptions');
  expect(anonymous.status()).toBe(401);

  // Two users, each with an open billing page: one subscribes, only that one hears about it.
  const first = await verifiedAccount(page.request);
  // Right after sign-in the app holds a bearer token, and the stream carries it (SPEC §7 ?token=).
  const streamWithToken = page.waitForRequest((request) => request.url().includes('/api/sse/subscriptions?token='));
  await signInThroughUi(page, first);
  expect(new URL((await streamWithToken).url()).searchParams.get('token')).toMatch(/\S{20,}/);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const second = await verifiedAccount(other.request);
  await signInThroughUi(other, second);
  await other.goto('/billing');
  await page.goto('/billing');
  await expect(page.getByRole('region', { name: 'Subscription Plans' })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Subscription Plans' })).toBeVisible();

  const paid = await page.request.post('/api/payment-sandbox/checkout', {
    headers: { origin: new URL(page.url()).origin },
    data: { priceId: 'pri_local_elite' },
  });
  expect(paid.status()).toBe(201);
  await expect(toasts(page).getByText('Welcome back! Your Elite subscription is now active.')).toBeVisible();
  await expect(headerLink(page, 'Elite')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Usage Overview' })).toContainText('0 / 1500');
  // Give the other user's stream the same moment to (wrongly) deliver, then check it did not.
  await page.waitForTimeout(1000);
  await expect(toasts(other)).toHaveCount(0);
  await expect(headerLink(other, 'View Plans')).toBeVisible();
  await otherContext.close();
});

const FAKE_PADDLE = `
window.__paddle = { calls: [] };
window.PaddleBillingV1 = {
  Initialized: false,
  Environment: { set: (environment) => window.__paddle.calls.push({ environment }) },
  Initialize(options) {
    this.Initialized = true;
    window.__paddle.emit = options.eventCallback;
    window.__paddle.calls.push({ initialize: { token: options.token } });
  },
  Update(options) {
    if (options.eventCallback) window.__paddle.emit = options.eventCallback;
  },
  Checkout: {
    open(options) {
      window.__paddle.calls.push({ open: options });
    },
  },
};`;

test('with Paddle configured, the overlay checkout opens as SPEC says and its events are handled', async ({ page }) => {
  const email = await verifiedAccount(page.request);
  await signInThroughUi(page, email);
  const user = (await (await page.request.get('/api/auth/user')).json()) as { id: string };

  // The server's answer as if Paddle were configured, and Paddle.js from its CDN replaced by a fake.
  await page.route('**/api/billing/config', (route) =>
    route.fulfill({ json: { provider: 'paddle', environment: 'sandbox', clientToken: 'test_0123456789abcdef' } }),
  );
  // A server with Paddle configured also lets the page load Paddle.js, its frame and its calls (http/security-headers.ts).
  await page.route(
    (url) => url.pathname === '/billing',
    async (route) => {
      const response = await route.fetch();
      const served = response.headers()['content-security-policy'] ?? '';
      const policy = served
        .replace("script-src 'self'", "script-src 'self' https://cdn.paddle.com https://sandbox-cdn.paddle.com")
        .replace("frame-src 'none'", 'frame-src https://sandbox-buy.paddle.com')
        .replace("connect-src 'self'", "connect-src 'self' https://sandbox-checkout-service.paddle.com");
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
    },
  );
  let cdnAvailable = false;
  await page.route('https://cdn.paddle.com/paddle/v2/paddle.js', (route) =>
    cdnAvailable ? route.fulfill({ contentType: 'text/javascript', body: FAKE_PADDLE }) : route.abort('failed'),
  );

  await page.goto('/billing');
  const plans = page.getByRole('region', { name: 'Subscription Plans' });
  await plans.getByRole('button', { name: 'Get Started (Elite)' }).click();
  await expect(toasts(page).getByText('Checkout Error')).toBeVisible();
  await expect(toasts(page).getByText('Network error. Please check your connection and try again.')).toBeVisible();

  // Paddle.js caches a failed load for the page's life, so the retry comes after a reload.
  cdnAvailable = true;
  await page.reload();
  await plans.getByRole('button', { name: 'Get Started (Elite)' }).click();
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as { __paddle?: { calls: unknown[] } }).__paddle?.calls.length),
    )
    .toBe(3);
  const calls = await page.evaluate(() => (globalThis as unknown as { __paddle: { calls: unknown[] } }).__paddle.calls);
  expect(calls).toEqual([
    { environment: 'sandbox' },
    { initialize: { token: 'test_0123456789abcdef' } },
    {
      open: {
        items: [{ priceId: 'pri_local_elite', quantity: 1 }],
        customer: { email },
        customData: { user_id: user.id, account_email: email, customer_name: 'Avery Agent' },
        settings: {
          displayMode: 'overlay',
          variant: 'one-page',
          allowLogout: false,
          successUrl: `${new URL(page.url()).origin}/billing?success=true`,
        },
      },
    },
  ]);
  await expect(plans.getByRole('button', { name: 'Get Started (Elite)' })).toBeEnabled();

  const emit = (name: string) =>
    page.evaluate(
      (eventName) =>
        (globalThis as unknown as { __paddle: { emit: (e: object) => void } }).__paddle.emit({ name: eventName }),
      name,
    );
  await emit('checkout.error');
  await expect(toasts(page).getByText('There was an issue processing your payment. Please try again.')).toBeVisible();

  // Completion refetches billing, usage and the user at once and again after 1, 3 and 6 seconds.
  const refetched: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (['/api/billing/status', '/api/usage/stats', '/api/auth/user'].includes(path)) refetched.push(path);
  });
  await emit('checkout.completed');
  await expect(toasts(page).getByText('Welcome to your new plan!')).toBeVisible();
  await expect(
    toasts(page).getByText('Your subscription has been activated. You can now enjoy all the features of your plan.'),
  ).toBeVisible();
  await expect
    .poll(() => refetched.filter((path) => path === '/api/billing/status').length, { timeout: 15_000 })
    .toBe(4);
  // Refetched in the same rounds, but its request may leave a moment after billing's on a busy machine.
  await expect
    .poll(() => refetched.filter((path) => path === '/api/usage/stats').length, { timeout: 5_000 })
    .toBeGreaterThanOrEqual(4);
});
