import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fixturePhotoPath } from '@hearth/image-engine/fixtures';
import yauzl from 'yauzl';
import { stagingURL, standInURL } from '../playwright.config';
import { signInThroughUi, uniqueEmail, verifiedAccount } from './helpers';

// The server with staging turned on: Gemini's API answered by a loopback stand-in (support/fake-gemini.ts).
test.use({ baseURL: stagingURL });

const EMPTY_ROOM = fixturePhotoPath('empty-interior.jpg');
const REFUSAL =
  'The AI provider declined this photo. Try another photo, or change the instructions. The image was not charged.';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? 'test-results/staging-studio';

/** Every new state is looked at on a wide screen and on a phone. */
async function lookAt(page: Page, name: string, target?: Locator) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    if (target) await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${size.width}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

async function readZip(path: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (openError, zip) => {
      if (openError) return reject(openError);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The bytes behind a version's own 'Download version N' link. */
async function versionBytes(page: Page, review: Locator, number: number) {
  await review.getByRole('button', { name: new RegExp(`^Version ${number}, `) }).click();
  const href = await review.getByRole('link', { name: `Download version ${number}` }).getAttribute('href');
  return (await page.request.get(href!)).body();
}

async function downloadFrom(page: Page, button: Locator) {
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  return { name: download.suggestedFilename(), path: (await download.path())! };
}

async function newTrialUser(page: Page) {
  const email = await verifiedAccount(page.request, uniqueEmail('studio'), stagingURL);
  await signInThroughUi(page, email);
  const started = await page.request.post('/api/start-trial', { headers: { origin: stagingURL } });
  expect(started.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Free trial active' })).toBeVisible();
}

test('the staging studio: style and variations, choose a version, generate again, a refusal costs nothing', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await newTrialUser(page);
  // Read while the review is open too, when the page behind the dialog is hidden from assistive technology.
  const usage = page.getByRole('region', { name: 'Usage', includeHidden: true });
  await expect(usage).toContainText('0 of 10 images used');

  // A living room in Scandinavian, three variations: the card counts the images before anything is sent.
  await page.getByLabel('Choose photos').setInputFiles([EMPTY_ROOM]);
  await page.locator('label').filter({ hasText: 'Living Room' }).first().click();
  const style = page.getByLabel('Style', { exact: true });
  await expect(style).toHaveValue('Modern');
  await style.selectOption('Scandinavian');
  const variations = page.getByRole('radiogroup', { name: 'Variations' });
  await variations.getByText('3', { exact: true }).click();
  await expect(variations.getByRole('radio', { name: '3' })).toBeChecked();
  await expect(page.getByText('This will use 3 images (one per variation).')).toBeVisible();
  await lookAt(page, 'upload-style-variations', page.getByRole('button', { name: 'Process Photos' }));
  await page.getByRole('button', { name: 'Process Photos' }).click();
  await expect(page.getByText('Photos uploaded')).toBeVisible();

  // Three versions come back; the usage grew by three.
  const row = page.getByRole('article', { name: /Session - / }).first();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 120_000 });
  await expect(usage).toContainText('3 of 10 images used');
  const name = (await row.getByRole('heading').textContent())!;
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name });
  const strip = review.getByRole('list', { name: 'Versions of empty-interior.jpg' });
  await expect(strip.getByRole('button')).toHaveCount(3);
  for (const n of [1, 2, 3]) {
    await expect(
      strip.getByRole('button', { name: new RegExp(`^Version ${n}, ready, Living Room · Scandinavian`) }),
    ).toBeVisible();
  }
  await expect(strip.getByRole('button', { name: /, chosen/ })).toHaveCount(1);
  await lookAt(page, 'review-three-versions', strip);

  // Choose the second (by way of the first when the second happened to finish first and was chosen for us).
  const version2 = strip.getByRole('button', { name: /^Version 2, / });
  if ((await version2.getAttribute('aria-label'))!.includes('chosen')) {
    await strip.getByRole('button', { name: /^Version 1, / }).click();
    await review.getByRole('button', { name: 'Use this version' }).click();
    await expect(strip.getByRole('button', { name: /^Version 1, .*, chosen/ })).toBeVisible();
  }
  await version2.click();
  await expect(version2).toHaveAttribute('aria-pressed', 'true');
  await expect(review.getByRole('slider', { name: 'Before and after: empty-interior.jpg' })).toBeVisible();
  await lookAt(page, 'review-version-2', review.getByRole('button', { name: 'Use this version' }));
  await review.getByRole('button', { name: 'Use this version' }).click();
  await expect(strip.getByRole('button', { name: /^Version 2, ready, .*, chosen/ })).toBeVisible();
  await expect(review.getByRole('button', { name: 'Use this version' })).toHaveCount(0);
  await lookAt(page, 'review-version-2-chosen', strip);

  // The download and the 'All versions' ZIP hold the second version.
  const second = await versionBytes(page, review, 2);
  const first = await versionBytes(page, review, 1);
  expect(second.equals(first)).toBe(false);
  const chosen = await downloadFrom(page, review.getByRole('button', { name: 'Download', exact: true }));
  expect(chosen.name).toBe('empty-interior_enhanced.jpg');
  expect((await readFile(chosen.path)).equals(second)).toBe(true);
  const all = await downloadFrom(page, review.getByRole('button', { name: 'All versions (ZIP)' }));
  expect(all.name).toMatch(/all_versions_enhanced\.zip$/);
  const entries = await readZip(all.path);
  expect([...entries.keys()].sort()).toEqual([
    'empty-interior_v1.jpg',
    'empty-interior_v2.jpg',
    'empty-interior_v3.jpg',
  ]);
  expect(entries.get('empty-interior_v2.jpg')!.equals(second)).toBe(true);

  // 'Generate again' in Industrial: one image, said before it is sent; the fourth version arrives live.
  await review.getByRole('button', { name: 'Generate again' }).click();
  const form = review.getByRole('form', { name: 'Generate again' });
  await expect(form.getByLabel('Template')).toHaveValue('living-room');
  await expect(form.getByLabel('Style', { exact: true })).toHaveValue('Scandinavian');
  await form.getByLabel('Style', { exact: true }).selectOption('Industrial');
  await expect(form.getByText('This will use 1 image. A version that fails uses nothing.')).toBeVisible();
  await lookAt(page, 'generate-again-form', form);
  await form.getByRole('button', { name: 'Generate', exact: true }).click();
  const version4 = strip.getByRole('button', { name: /^Version 4, / });
  await expect(version4).toBeVisible();
  await expect(version4).toHaveAttribute('aria-pressed', 'true');
  await lookAt(page, 'generate-again-in-progress', strip);
  await expect(strip.getByRole('button', { name: /^Version 4, ready, Living Room · Industrial/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(strip.getByRole('button', { name: /^Version 2, ready, .*, chosen/ })).toBeVisible();
  await expect(usage).toContainText('4 of 10 images used');
  await lookAt(page, 'generate-again-done', review.getByRole('slider'));

  // A generation the provider refuses: the version fails with the reason, and its image is given back.
  await review.getByRole('button', { name: 'Generate again' }).click();
  await form.getByLabel('Custom instructions').fill('Add a person on the sofa');
  await form.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(strip.getByRole('button', { name: /^Version 5, failed, / })).toBeVisible({ timeout: 60_000 });
  await expect(review.getByText(REFUSAL)).toBeVisible();
  await expect(usage).toContainText('4 of 10 images used');
  await lookAt(page, 'generate-again-refused', review.getByText(REFUSAL));
  await page.keyboard.press('Escape');

  // The list's download offers the second ZIP, with every version that was made.
  const zipOptions = row.getByRole('button', { name: `More ZIP options for ${name}` });
  for (const size of [PHONE, DESKTOP]) {
    // A menu closes when the window changes size: open it at each.
    await page.setViewportSize(size);
    await zipOptions.click();
    await page.screenshot({ path: `${SCREENSHOTS}/download-menu-${size.width}.png` });
    if (size === PHONE) await page.keyboard.press('Escape');
  }
  const fromList = await downloadFrom(page, page.getByRole('menuitem', { name: /All versions/ }));
  expect([...(await readZip(fromList.path)).keys()]).toHaveLength(4);
});

test('a photo whose only version failed can be generated again', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await newTrialUser(page);
  // Read while the review is open too, when the page behind the dialog is hidden from assistive technology.
  const usage = page.getByRole('region', { name: 'Usage', includeHidden: true });

  await page.getByLabel('Choose photos').setInputFiles([EMPTY_ROOM]);
  await page.locator('label').filter({ hasText: 'Living Room' }).first().click();
  await page.getByRole('textbox', { name: 'Custom instructions' }).fill('Add a person on the sofa');
  await page.getByRole('button', { name: 'Process Photos' }).click();
  const row = page.getByRole('article', { name: /Session - / }).first();
  await expect(row.getByText('1 need review')).toBeVisible({ timeout: 120_000 });
  await expect(usage).toContainText('0 of 10 images used');

  const name = (await row.getByRole('heading').textContent())!;
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name });
  await expect(review.getByText(REFUSAL)).toBeVisible();
  await review.getByRole('button', { name: 'Generate again' }).click();
  const form = review.getByRole('form', { name: 'Generate again' });
  // The instructions it failed with are offered again, to be changed.
  await expect(form.getByLabel('Custom instructions')).toHaveValue('Add a person on the sofa');
  await form.getByLabel('Custom instructions').fill('');
  await lookAt(page, 'failed-photo-generate-again', form);
  await form.getByRole('button', { name: 'Generate', exact: true }).click();

  const strip = review.getByRole('list', { name: 'Versions of empty-interior.jpg' });
  await expect(strip.getByRole('button', { name: /^Version 1, failed/ })).toBeVisible();
  await expect(strip.getByRole('button', { name: /^Version 2, ready, Living Room · Modern, chosen/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(review.getByRole('slider', { name: 'Before and after: empty-interior.jpg' })).toBeVisible();
  await expect(usage).toContainText('1 of 10 images used');
  await page.keyboard.press('Escape');
  await expect(row.getByText('1 enhanced')).toBeVisible();
});

test("the debug screen's final prompt carries the chosen style", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await newTrialUser(page);
  await page.goto('/debug');
  const style = page.getByLabel('Style', { exact: true });
  await expect(style).toHaveValue('');

  // A staging template brings its default style; another one can be chosen.
  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Living Room' });
  await expect(style).toHaveValue('Modern');
  await style.selectOption('Coastal');
  await page.getByRole('button', { name: 'Preview Final Prompt' }).click();
  const finalPrompt = page.getByRole('region', { name: 'Final prompt' });
  await expect(finalPrompt.getByLabel('Final prompt text')).toContainText('Style: Coastal');
  await expect(finalPrompt.getByText('Style: Coastal', { exact: true })).toBeVisible();
  await lookAt(page, 'debug-style', style);

  // Changing the style marks the preview as out of date, as changing the prompt does.
  await style.selectOption('Industrial');
  await expect(finalPrompt.getByText('The style has changed since this preview.')).toBeVisible();
});

test("'Keep furniture consistent': the second photo of a room is staged with the first one's furniture as a reference", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await newTrialUser(page);

  // Two photos of one living room, staged with the furniture removed first.
  await page.getByLabel('Choose photos').setInputFiles([EMPTY_ROOM, fixturePhotoPath('furnished-interior.jpg')]);
  await page.locator('label').filter({ hasText: 'Living Room' }).first().click();
  const removeFirst = page.getByRole('checkbox', { name: 'Remove furniture first' });
  await removeFirst.check();
  await expect(page.getByText('This will use 2 images (one per photo).')).toBeVisible();
  await lookAt(page, 'upload-remove-furniture-first', removeFirst);
  // An enhancement clears the staging pick and the checkbox goes with it; picking the room again starts unticked.
  await page.locator('label').filter({ hasText: 'Blue Sky' }).first().click();
  await expect(removeFirst).toHaveCount(0);
  await page.locator('label').filter({ hasText: 'Living Room' }).first().click();
  await expect(page.getByRole('checkbox', { name: /^Blue Sky/ })).not.toBeChecked();
  await expect(removeFirst).not.toBeChecked();
  await removeFirst.check();
  await page.getByRole('button', { name: 'Process Photos' }).click();
  const row = page.getByRole('article', { name: /Session - / }).first();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 120_000 });

  // The listing keeps its furniture consistent.
  await row.getByRole('button', { name: /Listing/ }).click();
  const listing = page.getByRole('dialog');
  const keep = listing.getByRole('checkbox', { name: 'Keep furniture consistent' });
  await expect(keep).not.toBeChecked();
  await keep.check();
  await lookAt(page, 'listing-keep-furniture', keep);
  await listing.getByRole('button', { name: 'Save listing' }).click();
  await expect(page.getByText('Listing Saved').last()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(listing).toBeHidden();

  // Both photos are the living room.
  const name = (await row.getByRole('heading').textContent())!;
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name });
  await expect(review.getByText('Living Room (furniture removed first)', { exact: true })).toBeVisible();
  const photos = review.getByRole('list', { name: 'Photos in this project' });
  for (const file of ['empty-interior.jpg', 'furnished-interior.jpg']) {
    await photos.getByRole('button', { name: new RegExp(`^${file.replace('.', '\\.')}`) }).click();
    const room = review.getByRole('form', { name: `Room of ${file}` });
    await room.getByLabel('Room').fill('Living room');
    await room.getByRole('button', { name: 'Save room' }).click();
    await expect(page.getByText(`${file} shows the Living room.`)).toBeVisible();
    await expect(room.getByRole('button', { name: 'Save room' })).toBeDisabled();
  }
  await lookAt(page, 'review-room', review.getByRole('form', { name: 'Room of furnished-interior.jpg' }));

  // Staging the second again sends the first one's staging with it.
  const before = ((await (await page.request.get(`${standInURL}/__received`)).json()) as unknown[]).length;
  await review.getByRole('button', { name: 'Generate again' }).click();
  const form = review.getByRole('form', { name: 'Generate again' });
  // It repeats the staging with the furniture removed first.
  await expect(form.getByLabel('Template')).toHaveValue('living-room');
  await expect(form.getByRole('checkbox', { name: 'Remove furniture first' })).toBeChecked();
  await form.getByRole('button', { name: 'Generate', exact: true }).click();
  const strip = review.getByRole('list', { name: 'Versions of furnished-interior.jpg' });
  await expect(strip.getByRole('button', { name: /^Version 2, ready/ })).toBeVisible({ timeout: 120_000 });
  await strip.getByRole('button', { name: /^Version 2, / }).click();
  await expect(
    review.getByText('Furniture matched to empty-interior.jpg (version 1), sent as a reference image.'),
  ).toBeVisible();
  await lookAt(page, 'review-furniture-reference', strip);

  const received = (await (await page.request.get(`${standInURL}/__received`)).json()) as {
    imageBytes: number[];
    prompt: string;
  }[];
  expect(received).toHaveLength(before + 1);
  const call = received.at(-1)!;
  // The photo, then the reference: the first photo's chosen staging.
  expect(call.imageBytes).toHaveLength(2);
  expect(call.imageBytes[1]).toBeGreaterThan(10_000);
  expect(call.prompt).toContain('Edit only the first image. The second image shows this same room');
  expect(call.prompt).toContain('furniture reference');
  expect(call.prompt).toContain('First remove all existing furniture');
});
