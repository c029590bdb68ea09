import { expect, test, type Page } from '@playwright/test';
import { fixturePhotoPath } from '@hearth/image-engine/fixtures';
import { stagingURL } from '../playwright.config';
import { signInThroughUi, uniqueEmail, verifiedAccount } from './helpers';

// The server with staging turned on: Gemini's API answered by a loopback stand-in (support/fake-gemini.ts).
test.use({ baseURL: stagingURL });

const EMPTY_ROOM = fixturePhotoPath('empty-interior.jpg');
const REVIEW_REASON = "The room's structure may have changed — check windows, doors and walls before publishing";

/**
 * Uploads the empty room with a template and/or instructions, waits for the new project to be Ready, checks
 * the row says `summary`, and opens the project's review.
 */
async function stageAndReview(
  page: Page,
  { template, instructions, summary }: { template?: string; instructions?: string; summary: string },
) {
  const projects = page.getByRole('article', { name: /Session - / });
  const before = await projects.count();
  await page.getByLabel('Choose photos').setInputFiles([EMPTY_ROOM]);
  if (template) await page.locator('label').filter({ hasText: template }).first().click();
  if (instructions) await page.getByRole('textbox', { name: 'Custom instructions' }).fill(instructions);
  await page.getByRole('button', { name: 'Process Photos' }).click();
  await expect(projects).toHaveCount(before + 1);
  // The newest project is listed first.
  const row = projects.first();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 120_000 });
  await expect(row.getByText(summary)).toBeVisible();
  const name = (await row.getByRole('heading').textContent())!;
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name });
  await expect(review).toBeVisible();
  return review;
}

test('with an AI provider configured: staging is offered, results come back for review, refusals are explained', async ({
  page,
}) => {
  const email = await verifiedAccount(page.request, uniqueEmail('stager'), stagingURL);
  await signInThroughUi(page, email);
  await page
    .getByRole('region', { name: 'Start Free Trial' })
    .getByRole('button', { name: 'Start Free Trial' })
    .click();
  await expect(page.getByText('Trial Started')).toBeVisible();

  // Every template can be chosen, and custom instructions can be written.
  await page.getByLabel('Choose photos').setInputFiles([EMPTY_ROOM]);
  for (const name of ['Living Room', 'Bedroom', 'Curb Appeal']) {
    await expect(page.getByRole('radio', { name: new RegExp(`^${name}`) })).toBeEnabled();
  }
  await expect(page.getByRole('checkbox', { name: /^Professional Enhancement/ })).toBeEnabled();
  await expect(page.getByText(/Virtual staging needs an AI image provider/)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Custom instructions' })).toBeEnabled();
  await page.getByRole('button', { name: /^Remove / }).click();

  // A staged living room: compared before/after, not flagged.
  const staged = await stageAndReview(page, { template: 'Living Room', summary: '1 enhanced' });
  await expect(staged.getByText('Living Room', { exact: true })).toBeVisible();
  const after = staged.getByRole('img', { name: /after enhancement$/ });
  await expect
    .poll(() => after.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(1600);
  await expect(staged.getByText('Needs review')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Instructions that add a window: the result is kept, but flagged with the reason.
  const flagged = await stageAndReview(page, {
    instructions: 'Add a second window on the back wall',
    summary: '1 enhanced',
  });
  await expect(flagged.getByText('Needs review')).toBeVisible();
  await expect(flagged.getByText(REVIEW_REASON)).toBeVisible();
  await page.keyboard.press('Escape');

  // Instructions the provider refuses: the photo fails with its words, and the image is given back.
  const refused = await stageAndReview(page, {
    template: 'Living Room',
    instructions: 'Add a person on the sofa',
    summary: '1 need review',
  });
  await expect(
    refused.getByText(
      'The AI provider declined this photo. Try another photo, or change the instructions. The image was not charged.',
    ),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Usage' })).toContainText('2 of 10 images used');
});
