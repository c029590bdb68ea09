import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { decodeImageBuffer } from '@hearth/image-engine';
import { fixturePhotoPath } from '@hearth/image-engine/fixtures';
import { baseURL } from '../playwright.config';
import { signInThroughUi, uniqueEmail, verifiedAccount } from './helpers';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? 'test-results/listing';

async function lookAt(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test('a listing: address and disclosure rules, its originals page published and read signed out, its QR code', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const email = await verifiedAccount(page.request, uniqueEmail('listing'));
  await signInThroughUi(page, email);
  expect((await page.request.post('/api/start-trial', { headers: { origin: baseURL } })).status()).toBe(201);
  await page.reload();

  // A Blue Sky result: a digitally altered photo that California's rules require to be disclosed.
  await page.getByLabel('Choose photos').setInputFiles([fixturePhotoPath('exterior.jpg')]);
  await page.locator('label').filter({ hasText: 'Blue Sky' }).first().click();
  await page.getByRole('button', { name: 'Process Photos' }).click();
  const row = page.getByRole('article', { name: /Session - / }).first();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 120_000 });

  await row.getByRole('button', { name: /Listing/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Listing address').fill('12 Maple Court, Pasadena, CA');
  await dialog.getByLabel('MLS number').fill('PW-24117');
  await dialog.getByLabel('Disclosure rules').selectOption('california-ab723');
  await dialog.getByRole('button', { name: 'Save listing' }).click();
  await expect(page.getByText('Listing Saved').last()).toBeVisible();
  // The row behind the dialog shows the address and MLS number.
  await expect(page.getByText('12 Maple Court, Pasadena, CA · MLS #PW-24117')).toBeVisible();
  await lookAt(page, 'listing-dialog');

  await dialog.getByRole('button', { name: 'Publish originals page' }).click();
  const link = dialog.getByRole('link', { name: /\/listing\// });
  await expect(link).toBeVisible();
  const publicUrl = (await link.getAttribute('href'))!;
  await lookAt(page, 'listing-published');

  // Anyone with the link reads it without an account; search engines are told to stay away.
  const stranger = await browser.newContext();
  const publicPage = await stranger.newPage();
  const answer = await publicPage.goto(publicUrl);
  expect(answer!.status()).toBe(200);
  await expect(publicPage.getByText('12 Maple Court, Pasadena, CA').first()).toBeVisible();
  await expect(publicPage.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(publicPage.getByText(/digitally altered/i).first()).toBeVisible();
  await expect(publicPage.getByText(email)).toHaveCount(0);
  await lookAt(publicPage, 'public-originals-page');

  // The QR code reads back as the page's own address.
  const qr = (await dialog.getByRole('link', { name: 'QR code (PNG)' }).getAttribute('href'))!;
  const png = await page.request.get(qr);
  expect(png.status()).toBe(200);
  const { data, width, height } = await decodeImageBuffer(await png.body());
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.set([data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!, 255], i * 4);
  }
  expect(jsQR(rgba, width, height)?.data).toBe(publicUrl);

  // Unpublished, the page is gone for everyone.
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  await expect(dialog.getByRole('button', { name: 'Publish originals page' })).toBeVisible();
  expect((await publicPage.goto(publicUrl))!.status()).toBe(404);
  await stranger.close();

  // Under CRMLS, the review says the Blue Sky result must be disclosed, with its caption, and warns before a
  // template the rules forbid (landscaping) is used.
  await dialog.getByLabel('Disclosure rules').selectOption('crmls');
  await dialog.getByRole('button', { name: 'Save listing' }).click();
  await expect(page.getByText('Listing Saved').last()).toBeVisible();
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog');
  await expect(review.getByText('Disclosed', { exact: true })).toBeVisible();
  await expect(
    review.getByText("Digitally altered (sky replaced): under CRMLS its caption is 'Digitally Altered'."),
  ).toBeVisible();
  await review.getByRole('button', { name: 'Generate again' }).click();
  const form = review.getByRole('form', { name: 'Generate again' });
  await form.getByLabel('Template').selectOption('perfect-lawn');
  await expect(form.getByText("This listing's disclosure rules do not allow Perfect Lawn:")).toBeVisible();
  await expect(form.getByText('CRMLS 11.5.2: landscaping must not be altered.')).toBeVisible();
  await lookAt(page, 'review-disclosure-warning');
  await form.getByLabel('Template').selectOption('professional-enhancement');
  await expect(form.getByText(/disclosure rules do not allow/)).toHaveCount(0);
});
