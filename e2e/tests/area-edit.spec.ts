import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fixturePhotoPath } from '@hearth/image-engine/fixtures';
import { stagingURL } from '../playwright.config';
import { signInThroughUi, uniqueEmail, verifiedAccount } from './helpers';

// 'Edit an area' (issue 13), on the server with staging on: Gemini answered by a loopback stand-in.
test.use({ baseURL: stagingURL });

const EMPTY_ROOM = fixturePhotoPath('empty-interior.jpg');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? 'test-results/area-edit';

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-${page.viewportSize()!.width}.png` });
}

/** A signed-in trial user with one living room staged, its review open. */
async function reviewOfStagedRoom(page: Page) {
  const email = await verifiedAccount(page.request, uniqueEmail('area'), stagingURL);
  await signInThroughUi(page, email);
  const started = await page.request.post('/api/start-trial', { headers: { origin: stagingURL } });
  expect(started.status()).toBe(201);
  await page.reload();
  await page.getByLabel('Choose photos').setInputFiles([EMPTY_ROOM]);
  await page.locator('label').filter({ hasText: 'Living Room' }).first().click();
  await page.getByRole('button', { name: 'Process Photos' }).click();
  const row = page.getByRole('article', { name: /Session - / }).first();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 120_000 });
  const name = (await row.getByRole('heading').textContent())!;
  await row.getByRole('button', { name: 'Review' }).click();
  return page.getByRole('dialog', { name });
}

/** How much of the canvas is painted: the share of its pixels with alpha ≥ 128. */
const paintedShare = (canvas: Locator) =>
  canvas.evaluate((element: HTMLCanvasElement) => {
    const data = element.getContext('2d')!.getImageData(0, 0, element.width, element.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! >= 128) painted++;
    return painted / (data.length / 4);
  });

async function submitAndSeeVersion2(page: Page, review: Locator, form: Locator) {
  await form.getByLabel('What to do in the painted area').fill('Remove the floor lamp');
  await expect(form.getByText('This will use 1 image. A version that fails uses nothing.')).toBeVisible();
  const submit = form.getByRole('button', { name: 'Edit area' });
  // Clear of the download bar pinned to the dialog's bottom edge, as a person scrolls it.
  await submit.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await submit.click();
  const strip = review.getByRole('list', { name: 'Versions of empty-interior.jpg' });
  await expect(strip.getByRole('button', { name: /^Version 2, ready, Area edit/ })).toBeVisible({ timeout: 90_000 });
  await expect(form).toBeHidden();
  await expect(page.getByRole('region', { name: 'Usage', includeHidden: true })).toContainText('2 of 10 images used');
  return strip;
}

test('paint an area with the mouse, undo, erase and clear, then submit: the new version arrives in the strip', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  const review = await reviewOfStagedRoom(page);
  await review.getByRole('button', { name: 'Edit an area' }).click();
  const form = review.getByRole('form', { name: 'Edit an area' });
  const canvas = form.getByTestId('area-edit-canvas');
  await expect(canvas).toBeVisible();

  // Submitting with nothing painted says what is missing.
  await form.getByLabel('What to do in the painted area').fill('Remove the floor lamp');
  await form.getByRole('button', { name: 'Edit area' }).click();
  await expect(form.getByRole('alert')).toHaveText('Paint over the area to change first.');

  const box = (await canvas.boundingBox())!;
  const stroke = async (from: [number, number], to: [number, number]) => {
    await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      const t = i / 10;
      await page.mouse.move(
        box.x + box.width * (from[0] + (to[0] - from[0]) * t),
        box.y + box.height * (from[1] + (to[1] - from[1]) * t),
      );
    }
    await page.mouse.up();
  };
  await stroke([0.15, 0.7], [0.5, 0.7]);
  const one = await paintedShare(canvas);
  expect(one).toBeGreaterThan(0.01);
  await stroke([0.15, 0.8], [0.5, 0.8]);
  expect(await paintedShare(canvas)).toBeGreaterThan(one);
  await form.getByRole('button', { name: 'Undo' }).click();
  expect(await paintedShare(canvas)).toBeCloseTo(one, 5);

  // A bigger brush, then the eraser through the middle of the stroke.
  await form.getByLabel('Brush size').fill('12');
  await form.getByRole('button', { name: 'Eraser' }).click();
  await expect(form.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true');
  await stroke([0.3, 0.6], [0.3, 0.8]);
  expect(await paintedShare(canvas)).toBeLessThan(one);
  await form.getByRole('button', { name: 'Clear' }).click();
  expect(await paintedShare(canvas)).toBe(0);

  await form.getByRole('button', { name: 'Brush' }).click();
  await stroke([0.15, 0.75], [0.5, 0.75]);
  await screenshot(page, 'area-painted');
  await submitAndSeeVersion2(page, review, form);
  await screenshot(page, 'area-edit-version');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'area-edit-version');
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, viewport: PHONE });

  test('paint an area with a finger at 375 px and submit', async ({ page }) => {
    test.setTimeout(240_000);
    const review = await reviewOfStagedRoom(page);
    await review.getByRole('button', { name: 'Edit an area' }).click();
    const form = review.getByRole('form', { name: 'Edit an area' });
    const canvas = form.getByTestId('area-edit-canvas');
    await canvas.scrollIntoViewIfNeeded();
    await expect(canvas).toHaveCSS('touch-action', 'none');
    const box = (await canvas.boundingBox())!;
    // The form fits the phone's width: nothing to pan sideways.
    const formBox = (await form.boundingBox())!;
    expect(formBox.x).toBeGreaterThanOrEqual(0);
    expect(formBox.x + formBox.width).toBeLessThanOrEqual(PHONE.width);

    // A finger drawn across the floor: real touch events, which the browser turns into pointer events.
    const cdp = await page.context().newCDPSession(page);
    const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
    const scrollBefore = await page.evaluate(() => document.querySelector('[role="dialog"]')!.scrollTop);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0.15, 0.75)] });
    for (let i = 1; i <= 12; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(0.15 + (0.4 * i) / 12, 0.75)] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => paintedShare(canvas)).toBeGreaterThan(0.01);
    // The finger painted; it did not scroll the dialog.
    expect(await page.evaluate(() => document.querySelector('[role="dialog"]')!.scrollTop)).toBe(scrollBefore);
    await screenshot(page, 'area-painted-touch');

    await submitAndSeeVersion2(page, review, form);
    await screenshot(page, 'area-edit-version-touch');
  });
});
