/// <reference lib="dom" />
// The functions passed to evaluate() run in the page.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { FIXTURE_PHOTOS_DIR } from '@hearth/image-engine/fixtures';
import { baseURL } from '../playwright.config';
import { mailedLink, signInThroughUi, uniqueEmail, verifiedAccount } from './helpers';

const FIXTURES = `${FIXTURE_PHOTOS_DIR}/`;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
/** What a 1280×800 screen leaves a maximised browser window for the page, under its tabs and toolbar. */
const DESKTOP_WINDOW = { width: 1280, height: 700 };
const SCREENSHOTS = '/tmp/webux-shots';

interface ProjectBody {
  id: string;
  status: string;
  completedPhotos: number;
}

async function signedInNewUser(page: Page) {
  const email = await verifiedAccount(page.request);
  await signInThroughUi(page, email);
  return email;
}

/** A cookie-authenticated call made the way the web app makes it (same origin). */
const post = (request: APIRequestContext, path: string, data: unknown = {}) =>
  request.post(path, { data, headers: { origin: baseURL } });

async function startTrial(request: APIRequestContext) {
  expect((await post(request, '/api/start-trial')).status()).toBe(201);
}

async function newProject(request: APIRequestContext, name?: string): Promise<ProjectBody> {
  const response = await post(request, '/api/projects', name ? { name, status: 'uploading' } : {});
  expect(response.status()).toBe(201);
  return (await response.json()) as ProjectBody;
}

async function uploadPhotos(request: APIRequestContext, projectId: string, names: string[]) {
  const form = new FormData();
  form.append('templateId', 'professional-enhancement');
  for (const name of names) {
    const bytes = await readFile(`${FIXTURES}${name}`);
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  }
  const response = await request.post(`/api/projects/${projectId}/upload`, {
    multipart: form,
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Each text part (between the element's break points) that wraps across lines: more than one line box
 * means the address was broken inside a word.
 */
function partsBrokenInside(element: Locator) {
  return element.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lineTops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
      if (lineTops.size > 1) broken.push(node.textContent ?? '');
    }
    return broken;
  });
}

async function expectInsideViewport(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

test('the 404 page has a header and a way home, for visitors and signed-in users', async ({ page }) => {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Hearth home' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await page.screenshot({ path: `${SCREENSHOTS}/404-signed-out-${size.width}.png`, fullPage: true });
  }

  await page.setViewportSize(DESKTOP);
  await signedInNewUser(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Hearth home' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the signed-in footer's Contact us goes to the contact page", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signedInNewUser(page);
  const contact = page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' });
  await expect(contact).toHaveAttribute('href', '/contact-us');
  await contact.click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
});

test('long addresses wrap at @ or a dot, never inside a word, on sign-up and forgot-password', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const email = `averyagent.longlistingsname.${Date.now()}@northwest-brokerage-properties.example.com`;

  await page.goto('/signup');
  await page.getByLabel('First Name').fill('Avery');
  await page.getByLabel('Last Name').fill('Agent');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Sunny-Porch-42');
  await page.getByRole('button', { name: 'Create Your Free Account' }).click();
  await expect(page.getByText('Check Your Email')).toBeVisible();
  const sentTo = page.locator('strong').filter({ hasText: 'averyagent' });
  await expect(sentTo).toHaveText(email);
  expect(await partsBrokenInside(sentTo)).toEqual([]);
  await expectInsideViewport(page, sentTo);
  await page.screenshot({ path: `${SCREENSHOTS}/signup-long-email-375.png`, fullPage: true });

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  const resetTo = page.locator('strong').filter({ hasText: 'averyagent' });
  await expect(resetTo).toHaveText(email);
  expect(await partsBrokenInside(resetTo)).toEqual([]);
  await expectInsideViewport(page, resetTo);
  await page.screenshot({ path: `${SCREENSHOTS}/forgot-long-email-375.png`, fullPage: true });
});

/** A signed-in trial user with one project of two enhanced photos, its review dialog open. */
async function openReviewOfEnhancedProject(page: Page) {
  await page.setViewportSize(DESKTOP);
  await signedInNewUser(page);
  await startTrial(page.request);
  const project = await newProject(page.request, 'Lakeside listing');
  await uploadPhotos(page.request, project.id, ['empty-interior.jpg', 'exterior.jpg']);
  await expect
    .poll(
      async () => {
        const projects = (await (await page.request.get('/api/projects')).json()) as ProjectBody[];
        return projects.find((p) => p.id === project.id)?.completedPhotos;
      },
      { timeout: 180_000 },
    )
    .toBe(2);
  await page.goto('/dashboard');
  await page.getByRole('article', { name: 'Lakeside listing' }).getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Lakeside listing' });
  await expect(review).toBeVisible();
  await expect
    .poll(() =>
      review
        .getByRole('img', { name: /after enhancement$/ })
        .evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth > 0),
    )
    .toBe(true);
  return review;
}

/** True when a point inside the element (its centre, or `x` from its left) reaches the element itself. */
function reachesItself(locator: Locator, x?: number) {
  return locator.evaluate((el, fromLeft) => {
    const rect = el.getBoundingClientRect();
    const hit = document.elementFromPoint(
      fromLeft === undefined ? rect.left + rect.width / 2 : rect.left + fromLeft,
      rect.top + rect.height / 2,
    );
    return hit !== null && el.contains(hit);
  }, x);
}

test("'Page 1 of 2' stays on one line at 1280 and 375 px", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signedInNewUser(page);
  await startTrial(page.request);
  for (let i = 1; i <= 6; i++) await newProject(page.request, `Shoot ${i}`);
  await page.goto('/dashboard');
  const pageText = page.getByRole('navigation', { name: 'Projects pages' }).getByText('Page 1 of 2', { exact: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expect(pageText).toBeVisible();
    const lineHeight = await pageText.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    const box = (await pageText.boundingBox())!;
    expect(box.height).toBeLessThan(lineHeight * 1.5);
    await page.screenshot({ path: `${SCREENSHOTS}/pager-${size.width}.png`, fullPage: true });
  }
});

test("the review dialog's 'Download all (ZIP)' is in view and uncovered on a 1280×800 screen and at 375 px", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const review = await openReviewOfEnhancedProject(page);
  const zip = review.getByRole('button', { name: 'Download all (ZIP)' });
  for (const size of [DESKTOP, DESKTOP_WINDOW, PHONE]) {
    await page.setViewportSize(size);
    await expect(zip).toBeVisible();
    await expectInsideViewport(page, zip);
    expect(await reachesItself(zip)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/review-${size.width}x${size.height}.png` });
  }
});

test('on a phone the full-size image covers the review dialog completely', async ({ page }) => {
  test.setTimeout(240_000);
  const review = await openReviewOfEnhancedProject(page);
  await page.setViewportSize(PHONE);
  await review.getByRole('button', { name: 'Full size' }).click();
  const fullSize = page.getByRole('dialog', { name: /\.jpg$/ });
  await expect(fullSize).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/full-size-over-review-375.png` });
  // Nothing of the review dialog shows through: its title is under the full-size view.
  const reviewTitle = page.locator('[role="dialog"] h2').filter({ hasText: 'Lakeside listing' });
  expect(await reachesItself(reviewTitle, 4)).toBe(false);
  const fullBox = (await fullSize.boundingBox())!;
  expect(fullBox).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  await page.keyboard.press('Escape');
  await expect(fullSize).toBeHidden();
  await expect(review).toBeVisible();
});

test('without an AI provider the picker groups staging under one note and no page promises it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signedInNewUser(page);
  await startTrial(page.request);
  await page.goto('/dashboard');

  // One note, with the how-to for whoever runs the server, and no greyed tiles.
  const note = page.getByRole('note').filter({ hasText: 'Virtual staging is not available on this server yet' });
  await expect(note).toContainText('GEMINI_API_KEY, OPENAI_API_KEY or BFL_API_KEY');
  await expect(note).not.toContainText('none is configured');
  // The three enhancements combine (issue 13): checkboxes, and no staging radio.
  await expect(page.getByRole('checkbox')).toHaveCount(3);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByText('Unavailable', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/none is configured/)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/picker-no-provider-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SCREENSHOTS}/picker-no-provider-375.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  // Billing sells only what this server can do now.
  await page.goto('/billing');
  const plans = page.getByRole('region', { name: 'Subscription Plans' });
  await expect(plans.getByRole('heading', { name: 'Free Trial' })).toBeVisible();
  await expect(plans.getByText('Enhancement templates', { exact: true })).toBeVisible();
  await expect(plans.getByText(/All templates|Custom prompts/)).toHaveCount(0);
  await expect(plans.getByText('Enhancement templates: Professional Enhancement, Blue Sky, Perfect Lawn')).toHaveCount(
    2,
  );
  await page.screenshot({ path: `${SCREENSHOTS}/billing-no-provider-1280.png`, fullPage: true });
});

test('with the trial images used up the dashboard says so and locks what cannot be used', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signedInNewUser(page);
  await startTrial(page.request);
  const project = await newProject(page.request);
  for (let i = 0; i < 5; i++) await uploadPhotos(page.request, project.id, ['empty-interior.jpg', 'exterior.jpg']);

  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Trial limit reached' });
  await expect(banner).toContainText('You have used all 10 images of your free trial.');
  await expect(banner.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/billing');
  await expect(page.getByRole('region', { name: 'Free trial active' })).toHaveCount(0);
  await expect(page.getByText('Complete payment to add custom instructions')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Professional Enhancement/ })).toBeDisabled();
  await expect(page.getByLabel('Choose photos')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Process Photos' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/trial-used-up-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SCREENSHOTS}/trial-used-up-375.png`, fullPage: true });
});

test('profile keeps the confirmed email in the field and shows the requested change beside it', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  const email = await signedInNewUser(page);
  const newEmail = uniqueEmail('moving');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Please check your email and click the confirmation link/)).toBeVisible();

  await expect(page.getByLabel('Email')).toHaveValue(email);
  const pending = page.getByTestId('pending-email-change');
  await expect(pending).toContainText(`Change to ${newEmail} waits for confirmation`);
  await expect(pending).toContainText('Pending');
  await page.screenshot({ path: `${SCREENSHOTS}/profile-pending-1280.png`, fullPage: true });

  // Still so after a reload (it comes from the server), and gone once both links are followed.
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(pending).toContainText(newEmail);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SCREENSHOTS}/profile-pending-375.png`, fullPage: true });

  await page.goto(await mailedLink(request, email, /Confirm your new Hearth email/));
  await page.goto(await mailedLink(request, newEmail, /Verify your email/));
  await page.goto('/profile');
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);
  await expect(pending).toHaveCount(0);
});
