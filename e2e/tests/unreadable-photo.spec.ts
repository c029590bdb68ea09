import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { FIXTURE_PHOTOS_DIR } from '@hearth/image-engine/fixtures';
import { baseURL } from '../playwright.config';
import { signInThroughUi, verifiedAccount } from './helpers';

const FIXTURES = `${FIXTURE_PHOTOS_DIR}/`;
const UNREADABLE =
  'This photo could not be read. It may be damaged or incomplete; try exporting it again from your camera or phone, then upload it once more. The image was not charged.';

test('a photo that could not be read shows its name and the reason in the review dialog, and no broken image', async ({
  page,
}) => {
  const email = await verifiedAccount(page.request);
  await signInThroughUi(page, email);
  const headers = { origin: baseURL };
  expect((await page.request.post('/api/start-trial', { headers })).ok()).toBe(true);
  const project = await (await page.request.post('/api/projects', { headers, data: {} })).json();
  const exterior = await readFile(`${FIXTURES}exterior.jpg`);
  // Its header is intact and its data stops a third of the way: accepted, then unreadable.
  const truncated = { name: 'broken-kitchen.jpg', mimeType: 'image/jpeg', buffer: exterior.subarray(0, 40_000) };
  const upload = await page.request.post(`/api/projects/${project.id}/upload`, {
    headers,
    multipart: { photos: truncated, templateId: 'professional-enhancement' },
  });
  expect(upload.status()).toBe(201);

  const failedFiles: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/photos/') && response.status() >= 500) failedFiles.push(response.url());
  });
  await page.reload();
  const row = page.getByRole('article', { name: project.name });
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 120_000 });
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: project.name });
  await expect(review).toBeVisible();

  const notice = review.getByRole('status', { name: 'broken-kitchen.jpg could not be read' });
  await expect(notice).toContainText('There is no picture of this photo to show.');
  await expect(review.getByText('broken-kitchen.jpg', { exact: true })).toBeVisible();
  await expect(review.getByText(UNREADABLE)).toBeVisible();
  // The pinned action bar sits below the reason, never over its last line.
  const reason = (await review.getByText(UNREADABLE).boundingBox())!;
  const actions = (await review.getByTestId('review-actions').boundingBox())!;
  expect(reason.y + reason.height).toBeLessThanOrEqual(actions.y);
  await expect(review.getByText(/vips|premature|tiff2vips/i)).toHaveCount(0);
  // No image element that could show as broken, no dark stage behind it, no Full size of nothing.
  await expect(review.getByRole('img')).toHaveCount(0);
  await expect(review.locator('.bg-stone-900')).toHaveCount(0);
  await expect(review.getByRole('button', { name: 'Full size' })).toHaveCount(0);
  expect(failedFiles).toEqual([]);
});
