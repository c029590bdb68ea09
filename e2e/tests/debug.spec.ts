import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fixturePhotoPath } from '@hearth/image-engine/fixtures';
import { baseURL } from '../playwright.config';
import { signInThroughUi, verifiedAccount } from './helpers';

const EXTERIOR = fixturePhotoPath('exterior.jpg');
const LOG_LINE = /^\[\d\d:\d\d:\d\d\.\d{3}\] /;

interface ProjectSummary {
  id: string;
  name: string;
}

/** A new verified user, signed in, with the free trial started through the API, on /debug. */
async function openDebugWithTrial(page: Page) {
  const email = await verifiedAccount(page.request);
  await signInThroughUi(page, email);
  const started = await page.request.post('/api/start-trial', { headers: { origin: baseURL } });
  expect(started.status()).toBe(201);
  await page.goto('/debug');
  await expect(page.getByRole('heading', { level: 1, name: 'Debug' })).toBeVisible();
}

async function projects(page: Page): Promise<ProjectSummary[]> {
  const response = await page.request.get('/api/projects');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ProjectSummary[];
}

async function expectImageLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
}

test('validation messages, prompt preview with its character count, auto-preview and the log', async ({ page }) => {
  await openDebugWithTrial(page);
  const finalPrompt = page.getByRole('region', { name: 'Final prompt' });
  const log = page.getByRole('log');

  // SPEC §5: both actions need a prompt; the full test needs an image too.
  await page.getByRole('button', { name: 'Preview Final Prompt' }).click();
  await expect(page.getByText('Please enter a prompt to test', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Test Full Enhancement' }).click();
  await expect(page.getByText('Please select an image and enter a prompt', { exact: true })).toBeVisible();
  await expect(log.getByRole('listitem')).toHaveCount(2);
  for (const line of await log.getByRole('listitem').allTextContents()) expect(line).toMatch(LOG_LINE);

  // The preview is the fixed rules, then the request, with its length.
  const prompt = page.getByLabel('Prompt', { exact: true });
  await prompt.fill('Brighten the kitchen and warm up the light');
  await page.getByRole('button', { name: 'Preview Final Prompt' }).click();
  const text = finalPrompt.getByLabel('Final prompt text');
  await expect(text).toContainText('Keep the architecture exactly as it is');
  await expect(text).toContainText('Do not add people, animals, text, logos, signs or watermarks.');
  await expect(text).toContainText('Requested edit: Brighten the kitchen and warm up the light');
  const shown = (await text.textContent())!;
  await expect(finalPrompt.getByText(/^[\d,]+ characters$/)).toHaveText(
    `${[...shown].length.toLocaleString('en-US')} characters`,
  );
  await expect(log).toContainText('Final prompt generated');

  // An edit marks the preview as out of date until it is previewed again.
  await prompt.fill('Brighten the kitchen');
  await expect(finalPrompt.getByText('The prompt has changed since this preview.')).toBeVisible();

  // Auto-preview: after a pause in typing the preview follows the text without a click, once per pause.
  const previewRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/debug/prompt')) previewRequests.push(request.postData() ?? '');
  });
  await page.getByRole('switch', { name: 'Auto-preview' }).click();
  await expect(page.getByRole('switch', { name: 'Auto-preview' })).toHaveAttribute('aria-checked', 'true');
  await expect(text).toHaveText(/Requested edit: Brighten the kitchen$/);
  const typed = ' with soft evening light';
  const before = previewRequests.length;
  await prompt.press('End');
  await prompt.pressSequentially(typed, { delay: 60 });
  await expect(text).toHaveText(/Requested edit: Brighten the kitchen with soft evening light$/);
  await expect(finalPrompt.getByText('The prompt has changed since this preview.')).toBeHidden();
  const sentWhileTyping = previewRequests.length - before;
  // Debounced: not one request per key, and the last one carried the whole text.
  expect(sentWhileTyping).toBeGreaterThanOrEqual(1);
  expect(sentWhileTyping).toBeLessThan(typed.length / 3);
  expect(JSON.parse(previewRequests.at(-1)!)).toEqual({ prompt: 'Brighten the kitchen with soft evening light' });

  // Clear Logs empties the log.
  await page.getByRole('button', { name: 'Clear Logs' }).click();
  await expect(log).toHaveText('No log entries yet.');
  await expect(page.getByRole('button', { name: 'Clear Logs' })).toBeDisabled();
});

test('a free-text prompt is refused by a server without an AI provider, and no project is left', async ({
  page,
}, testInfo) => {
  await openDebugWithTrial(page);
  // A file that is not an image is refused before anything is sent.
  await page
    .getByLabel('Test image')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(
    page.getByText(
      'Some files were rejected: Only JPG, PNG, HEIC, WEBP, GIF, BMP, TIFF files under 25MB are allowed.',
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  await expect(page.getByText(/^Selected: /)).toBeHidden();

  await page.getByLabel('Test image').setInputFiles(EXTERIOR);
  await page.getByLabel('Prompt', { exact: true }).fill('Add a red sofa by the window');

  // The preview works for any text: it is only what a provider would receive.
  await page.getByRole('button', { name: 'Preview Final Prompt' }).click();
  await expect(page.getByLabel('Final prompt text')).toContainText('Requested edit: Add a red sofa by the window');

  await page.getByRole('button', { name: 'Test Full Enhancement' }).click();
  await expect(page.getByText('Failed to upload and enhance', { exact: true })).toBeVisible();
  const refusal = /Custom instructions need an AI image provider, and none is configured on this server\./;
  await expect(page.getByRole('region', { name: 'Original and enhanced' }).getByText(refusal)).toBeVisible();
  const log = page.getByRole('log');
  await expect(log).toContainText(/Creating project "Debug Test \d\d:\d\d:\d\d"/);
  await expect(log).toContainText(/Failed to upload and enhance: Custom instructions need an AI image provider/);
  await expect(log).toContainText(/Deleted the empty project "Debug Test \d\d:\d\d:\d\d"/);
  expect(await projects(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('debug-refused-1280.png'), fullPage: true });
});

test('full enhancement with the Professional Enhancement template shows both images and downloads the result', async ({
  page,
}, testInfo) => {
  await openDebugWithTrial(page);

  // Local templates can run; staging ones are listed but cannot be chosen, and the reason is given.
  const templateSelect = page.getByLabel('Template', { exact: true });
  await expect(templateSelect.getByRole('option', { name: 'Bedroom (unavailable)', exact: true })).toBeDisabled();
  await expect(templateSelect.getByRole('option', { name: 'Blue Sky', exact: true })).toBeEnabled();
  await expect(page.getByText(/Virtual staging needs an AI image provider/)).toBeVisible();
  await templateSelect.selectOption('professional-enhancement');
  const templates = (await (await page.request.get('/api/templates')).json()) as Array<{ id: string; prompt: string }>;
  const professional = templates.find((t) => t.id === 'professional-enhancement')!;
  await expect(page.getByLabel('Prompt', { exact: true })).toHaveValue(professional.prompt);

  const images = page.getByRole('region', { name: 'Original and enhanced' });
  await page.getByLabel('Test image').setInputFiles(EXTERIOR);
  await expect(page.getByText(/^Selected: exterior\.jpg \(\d+ KB\)$/)).toBeVisible();
  await expectImageLoaded(images.getByRole('img', { name: 'Original test image' }));

  await page.getByRole('button', { name: 'Test Full Enhancement' }).click();
  await expect(images.getByRole('status')).toHaveText('Completed', { timeout: 90_000 });
  await expectImageLoaded(images.getByRole('img', { name: 'Enhanced test image' }));
  await expectImageLoaded(images.getByRole('img', { name: 'Original test image' }));
  await expect(images).toContainText('Engine: local');

  const log = page.getByRole('log');
  await expect(log).toContainText('Upload accepted');
  await expect(log).toContainText('Enhancement completed by the local engine');
  const [project] = await projects(page);
  expect(project?.name).toMatch(/^Debug Test \d\d:\d\d:\d\d$/);
  // The photo was made with the template and its prompt, as typed.
  const photos = (await (await page.request.get(`/api/projects/${project!.id}/photos`)).json()) as Array<{
    templateName: string | null;
    prompt: string | null;
  }>;
  expect(photos).toEqual([
    expect.objectContaining({ templateName: 'Professional Enhancement', prompt: professional.prompt }),
  ]);

  const downloading = page.waitForEvent('download');
  await images.getByRole('link', { name: 'Download Enhanced Image' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('exterior_enhanced.jpg');
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  expect(bytes.length).toBeGreaterThan(10_000);

  await page.getByRole('button', { name: 'Preview Final Prompt' }).click();
  await expect(page.getByLabel('Final prompt text')).toContainText(`Requested edit: ${professional.prompt}`);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: testInfo.outputPath('debug-1280.png'), fullPage: true });
  // On a phone the page fits the width: nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('debug-375.png'), fullPage: true });
});
