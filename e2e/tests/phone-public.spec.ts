import { expect, test, type Page } from '@playwright/test';

// The phone-width pass over the public pages (the 'phone' project: a Pixel 7, 412 px wide, touch).

const PAGES = [
  { path: '/', heading: 'Sell homes faster with Virtual Staging' },
  { path: '/terms-of-use', heading: 'Terms of Use' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/contact-us', heading: 'Contact Us' },
  { path: '/no/such/page', heading: 'Page Not Found' },
];

/** Opens a prerendered public page and waits until it is interactive (hydrated). */
async function openInteractive(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Nothing sticks out sideways: the page never scrolls horizontally. */
async function expectNoSidewaysScroll(page: Page) {
  const viewportWidth = page.viewportSize()!.width;
  const pageWidth = await page
    .locator('html')
    .evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(viewportWidth);
}

for (const { path, heading } of PAGES) {
  test(`${path} fits a phone screen`, async ({ page }, testInfo) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectNoSidewaysScroll(page);
    if (path !== '/no/such/page') {
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Sign In' })).toBeInViewport();
      await expect(header.getByRole('link', { name: 'Start Free' })).toBeInViewport();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toBeAttached();
    }
    await testInfo.attach(`${path} at phone width`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  });
}

test('on a phone the landing page’s call to action and hero photo are on the first screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Upload image for free' }).first()).toBeInViewport();
  await expect(page.getByText('No credit card required', { exact: true })).toBeInViewport();
  const hero = page.getByTestId('hero-photo');
  await expect(hero).toBeInViewport({ ratio: 0.5 });
  await expect(hero).toHaveAttribute('data-showing', 'after');
});

test('on a phone the sticky header stays while scrolling, and the FAQ opens by tap', async ({ page }) => {
  await openInteractive(page, '/');
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  const storage = faq.getByRole('button', { name: 'How long are my photos stored?' });
  await storage.scrollIntoViewIfNeeded();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Start Free' })).toBeInViewport();
  await storage.tap();
  await expect(storage).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(1);
  await expect(faq.getByText(/kept for 30 days/)).toBeInViewport();
  await expectNoSidewaysScroll(page);
});

test('on a phone a compare divider follows a tap', async ({ page }) => {
  await openInteractive(page, '/');
  const slider = page.getByRole('slider', { name: 'Compare master bedroom before and after' });
  await slider.scrollIntoViewIfNeeded();
  const frame = slider.locator('..');
  const box = (await frame.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width * 0.8, box.y + box.height / 2);
  await expect(slider).toHaveAttribute('aria-valuenow', /^(79|80|81)$/);
});

test('on a phone every call to action still leads to /signup', async ({ page }) => {
  await page.goto('/');
  const cta = page.getByRole('link', { name: 'Try it free - No credit card required' });
  await cta.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await cta.tap();
  await expect(page).toHaveURL(/\/signup$/);
});
