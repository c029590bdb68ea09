import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FIXTURE_PHOTOS_DIR } from '@hearth/image-engine/fixtures';
import yauzl from 'yauzl';
import { baseURL } from '../playwright.config';
import { signInThroughUi, verifiedAccount } from './helpers';

const FIXTURES = `${FIXTURE_PHOTOS_DIR}/`;
const photo = (name: string) => `${FIXTURES}${name}`;
const THREE_PHOTOS = ['empty-interior.jpg', 'furnished-interior.jpg', 'exterior.jpg'].map(photo);
const PROGRESS = /Starting enhancement\.\.\.|Enhancing photos\.\.\. \d of 3 processed|Finalizing\.\.\./;

interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Every entry of a ZIP file with its bytes, read with yauzl (which checks the central directory). */
function readZip(path: string): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (openError, zip) => {
      if (openError) return reject(openError);
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function signedInNewUser(page: Page) {
  const email = await verifiedAccount(page.request);
  await signInThroughUi(page, email);
  return email;
}

function projectRow(page: Page, name: string | RegExp): Locator {
  return page.getByRole('article', { name });
}

/** A template tile: a radio for staging templates, a checkbox for the enhancements that combine (issue 13). */
const templateTile = (page: Page, name: string) =>
  page
    .getByRole('radio', { name: new RegExp(`^${name}`) })
    .or(page.getByRole('checkbox', { name: new RegExp(`^${name}`) }));

async function chooseTemplate(page: Page, name: string) {
  await page.locator('label').filter({ hasText: name }).first().click();
  await expect(templateTile(page, name)).toBeChecked();
}

test('start trial → upload 3 photos → progress → review → download ZIP → delete', async ({ page }) => {
  await signedInNewUser(page);

  // Before the trial: the banner offers it, and templates and instructions are covered.
  const trialBanner = page.getByRole('region', { name: 'Start Free Trial' });
  await expect(trialBanner).toBeVisible();
  await expect(page.getByText('Start trial to add custom instructions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Process Photos' })).toBeDisabled();

  await trialBanner.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('Trial Started')).toBeVisible();
  const runningTrial = page.getByRole('region', { name: 'Free trial active' });
  await expect(runningTrial.getByRole('timer')).toHaveText(/^(23:59:\d\d|24:00:00)$/);
  await expect(runningTrial.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/billing');
  await expect(page.getByText('Start trial to add custom instructions')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Upgrade', exact: true })).toBeVisible();
  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage).toContainText('0 of 10 images used');

  // Choose three photos and the Professional Enhancement template.
  await page.getByLabel('Choose photos').setInputFiles(THREE_PHOTOS);
  await expect(page.getByText('3 photos selected')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(3);
  await expect(page.getByText('Choose a template or write custom instructions.')).toBeVisible();
  // Staging needs an AI provider, which this server does not have: one note instead of greyed tiles.
  await expect(page.getByRole('radio', { name: /^Bedroom/ })).toHaveCount(0);
  await expect(
    page.getByRole('note').filter({ hasText: 'Virtual staging is not available on this server yet' }),
  ).toContainText(/Virtual staging needs an AI image provider/);
  await chooseTemplate(page, 'Professional Enhancement');

  await page.getByRole('button', { name: 'Process Photos' }).click();
  await expect(page.getByText('Photos uploaded')).toBeVisible();
  await expect(page.getByText('3 photos selected')).toBeHidden();

  // The project appears with its progress, then completes.
  const row = projectRow(page, /Session - /);
  await expect(row).toHaveCount(1);
  const name = (await row.getByRole('heading').textContent())!;
  await expect(row.getByText(PROGRESS)).toBeVisible();
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 120_000 });
  await expect(row.getByText('3 enhanced')).toBeVisible();
  await expect(row.getByRole('progressbar')).toBeHidden();
  await expect(usage).toContainText('3 of 10 images used');

  // Review: the before/after divider follows the keyboard and a drag.
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name });
  await expect(review).toBeVisible();
  const slider = review.getByRole('slider', { name: /^Before and after: / });
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  for (const img of [
    review.getByRole('img', { name: /before enhancement$/ }),
    review.getByRole('img', { name: /after enhancement$/ }),
  ]) {
    await expect
      .poll(() => img.evaluate((el) => (el as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0))
      .toBe(true);
  }
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '100');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '95');
  const frame = (await slider.locator('..').boundingBox())!;
  await page.mouse.move(frame.x + frame.width * 0.5, frame.y + frame.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(frame.x + frame.width * 0.25, frame.y + frame.height * 0.5, { steps: 5 });
  await page.mouse.up();
  const dragged = Number(await slider.getAttribute('aria-valuenow'));
  expect(dragged).toBeGreaterThanOrEqual(23);
  expect(dragged).toBeLessThanOrEqual(27);

  // The other photos of the project, and the full-size view.
  await expect(review.getByRole('list', { name: 'Photos in this project' }).getByRole('button')).toHaveCount(3);
  await review.getByRole('button', { name: /^furnished-interior\.jpg, enhanced/ }).click();
  await expect(review.getByText('furnished-interior.jpg', { exact: true })).toBeVisible();
  await review.getByRole('button', { name: 'Full size' }).click();
  const fullSize = page.getByRole('dialog', { name: 'furnished-interior.jpg' });
  await expect(fullSize.getByRole('img', { name: 'furnished-interior.jpg, enhanced' })).toBeVisible();
  await fullSize.getByRole('button', { name: 'Before' }).click();
  await expect(fullSize.getByRole('img', { name: 'furnished-interior.jpg, original' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(fullSize).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();

  // Download: a ZIP named after the project, holding the three enhanced JPEGs.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^[\w-]+_Session_-_\w{3}_\d{1,2}_\d{4}_enhanced\.zip$/);
  const entries = await readZip((await download.path())!);
  expect(entries.map((e) => e.name).sort()).toEqual([
    'empty-interior_enhanced.jpg',
    'exterior_enhanced.jpg',
    'furnished-interior_enhanced.jpg',
  ]);
  for (const entry of entries) {
    expect(entry.data.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(entry.data.length).toBeGreaterThan(10_000);
  }

  // Delete, after the SPEC confirmation.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete project?' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete the project "${name}"? This action cannot be undone.`,
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No projects yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No projects yet')).toBeVisible();
});

test('a trial user over the quota sees the SPEC toast, from the browser check and from the server', async ({
  page,
}) => {
  await signedInNewUser(page);
  const started = await page.request.post('/api/start-trial', { headers: { origin: baseURL } });
  expect(started.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Free trial active' })).toBeVisible();

  // 11 photos against 10 left: refused before anything is sent.
  const roomJpeg = await readFile(photo('empty-interior.jpg'));
  const eleven = Array.from({ length: 11 }, (_, i) => ({
    name: `room-${i + 1}.jpg`,
    mimeType: 'image/jpeg',
    buffer: roomJpeg,
  }));
  await page.getByLabel('Choose photos').setInputFiles(eleven);
  await expect(page.getByText('Upload Limit Exceeded')).toBeVisible();
  await expect(
    page.getByText('You have 10 image(s) left in your trial. Please upload 10 or upgrade your plan to upload more.'),
  ).toBeVisible();
  await expect(page.getByText(/photos? selected/)).toBeHidden();

  // Ten is allowed, and 10 or more warns about the time it takes.
  await page.getByLabel('Choose photos').setInputFiles(eleven.slice(0, 10));
  await expect(page.getByText('10 photos selected')).toBeVisible();
  await expect(page.getByText('Large batch - may take several minutes')).toBeVisible();
  await page.getByRole('button', { name: 'Clear all' }).click();

  // Another tab spends 9 images; this page still thinks 10 are left, so only the server can refuse.
  const project = await page.request.post('/api/projects', { headers: { origin: baseURL }, data: {} });
  expect(project.status()).toBe(201);
  const { id } = (await project.json()) as { id: string };
  const batch = new FormData();
  batch.append('templateId', 'professional-enhancement');
  for (let i = 0; i < 9; i++) batch.append('photos', new Blob([roomJpeg], { type: 'image/jpeg' }), `other-${i}.jpg`);
  const spent = await page.request.post(`/api/projects/${id}/upload`, {
    headers: { origin: baseURL },
    multipart: batch,
  });
  expect(spent.status(), await spent.text()).toBe(201);

  await page.getByLabel('Choose photos').setInputFiles(eleven.slice(0, 2));
  await chooseTemplate(page, 'Professional Enhancement');
  await page.getByRole('button', { name: 'Process Photos' }).click();
  // The browser check's toast of a moment ago may still be showing above this one.
  await expect(page.getByText('Upload Limit Exceeded').last()).toBeVisible();
  await expect(
    page.getByText('You have 1 image(s) left in your trial. Please upload 1 or upgrade your plan to upload more.'),
  ).toBeVisible();
  // The usage card catches up, and the refused batch left no empty project behind.
  await expect(page.getByRole('region', { name: 'Usage' })).toContainText('9 of 10 images used');
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('9 photos');

  // The session ends elsewhere: the next dashboard call shows the SPEC toast and goes to log in again.
  const signedOut = await page.request.post('/api/auth/sign-out', { headers: { origin: baseURL }, data: {} });
  expect(signedOut.ok()).toBe(true);
  // The redirect to /api/login is stopped at the network so the toast can be read (see routes.spec.ts).
  let loginRequested = false;
  await page.route('**/api/login', (route) => {
    loginRequested = true;
    return route.abort('aborted');
  });
  await page.getByRole('article').getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
  await expect.poll(() => loginRequested).toBe(true);
  await page.unroute('**/api/login');
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a renamed text file is flagged at selection, and a photo the server refuses is named in the toast', async ({
  page,
}) => {
  await signedInNewUser(page);
  await page
    .getByRole('region', { name: 'Start Free Trial' })
    .getByRole('button', { name: 'Start Free Trial' })
    .click();
  await expect(page.getByText('Trial Started')).toBeVisible();
  const roomJpeg = await readFile(photo('empty-interior.jpg'));

  // Named and typed like a photo, but its first bytes are text: refused before anything is sent.
  await page.getByLabel('Choose photos').setInputFiles([
    { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: roomJpeg },
    { name: 'listing-notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Viewing on Saturday at 10am.\n') },
  ]);
  await expect(page.getByText('Some files were rejected')).toBeVisible();
  await expect(
    page.getByText(
      'Only JPG, PNG, HEIC, WEBP, GIF, BMP, TIFF files under 25MB are allowed. Not added: listing-notes.jpg.',
    ),
  ).toBeVisible();
  await expect(page.getByText('1 photo selected')).toBeVisible();

  // A JPEG signature over damaged data passes the browser's look at the first bytes; the server refuses that
  // file alone, takes the good one, and the toast names the refused file and why.
  await page.getByLabel('Choose photos').setInputFiles([
    {
      name: 'damaged.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([roomJpeg.subarray(0, 3), Buffer.alloc(64)]),
    },
  ]);
  await expect(page.getByText('2 photos selected')).toBeVisible();
  await chooseTemplate(page, 'Professional Enhancement');
  await page.getByRole('button', { name: 'Process Photos' }).click();
  // The selection's own toast of a moment ago may still be showing above this one.
  await expect(page.getByText('Some files were rejected').last()).toBeVisible();
  await expect(page.getByText(/"damaged\.jpg" could not be read as an image; it may be damaged\./)).toBeVisible();
  await expect(page.getByText(/Enhancing 1 photo in "/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Usage' })).toContainText('1 of 10 images used');
});

test('Blue Sky and Perfect Lawn chosen together make one result per photo, one image each', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInNewUser(page);
  expect((await page.request.post('/api/start-trial', { headers: { origin: baseURL } })).status()).toBe(201);
  await page.reload();
  const usage = page.getByRole('region', { name: 'Usage' });
  await expect(usage).toContainText('0 of 10 images used');

  await page.getByLabel('Choose photos').setInputFiles(['exterior.jpg', 'empty-interior.jpg'].map(photo));
  await expect(page.getByText('2 photos selected')).toBeVisible();
  await expect(page.getByText('Enhancements can be combined: pick one or more for one image per photo.')).toBeVisible();
  await chooseTemplate(page, 'Blue Sky');
  await chooseTemplate(page, 'Perfect Lawn');
  await expect(templateTile(page, 'Blue Sky')).toBeChecked();
  await expect(templateTile(page, 'Professional Enhancement')).not.toBeChecked();
  // Picking one again takes it off; picking it once more puts it back.
  await templateTile(page, 'Blue Sky').locator('..').click();
  await expect(templateTile(page, 'Blue Sky')).not.toBeChecked();
  await chooseTemplate(page, 'Blue Sky');
  await expect(page.getByText('This will use 2 images (one per photo).')).toBeVisible();
  await page.screenshot({ path: '/tmp/furniture-shots/combined-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: '/tmp/furniture-shots/combined-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Process Photos' }).click();
  await expect(page.getByText('Photos uploaded')).toBeVisible();
  const row = projectRow(page, /Session - /);
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 120_000 });
  await expect(row.getByText('2 enhanced')).toBeVisible();
  await expect(usage).toContainText('2 of 10 images used');

  // One version per photo, made by both templates at once.
  const projects = (await (await page.request.get('/api/projects')).json()) as { id: string }[];
  const photos = (await (await page.request.get(`/api/projects/${projects[0]!.id}/photos`)).json()) as {
    id: string;
  }[];
  expect(photos).toHaveLength(2);
  for (const { id } of photos) {
    const versions = (await (await page.request.get(`/api/photos/${id}/versions`)).json()) as {
      templateId: string;
      templateName: string;
      status: string;
    }[];
    expect(versions.map((v) => [v.templateId, v.templateName, v.status])).toEqual([
      ['blue-sky+perfect-lawn', 'Blue Sky + Perfect Lawn', 'completed'],
    ]);
  }

  // 'Generate again' starts from both, and can take one off.
  await row.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog');
  await review.getByRole('button', { name: 'Generate again' }).click();
  const form = review.getByRole('form', { name: 'Generate again' });
  await expect(form.getByLabel('Template')).toHaveValue('blue-sky');
  await expect(form.getByRole('checkbox', { name: 'Perfect Lawn' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Professional Enhancement' })).not.toBeChecked();
  await review.screenshot({ path: '/tmp/furniture-shots/generate-again-combined-1280.png' });
});
