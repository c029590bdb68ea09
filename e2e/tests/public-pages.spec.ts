import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughUi, verifiedAccount } from './helpers';

const PUBLIC_PAGES = [
  { path: '/', heading: 'Sell homes faster with Virtual Staging' },
  { path: '/terms-of-use', heading: 'Terms of Use' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/contact-us', heading: 'Contact Us' },
];

/** Opens a prerendered public page and waits until it is interactive (hydrated). */
async function openInteractive(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

const CALLS_TO_ACTION = ['Start Free', 'Upload image for free', 'Try it free - No credit card required'];

/** Serious and critical axe-core findings (WCAG 2.x A and AA, and best practices), as readable lines. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('the prerendered public pages', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} is complete HTML before any script runs, with its own title and social tags`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`>${heading}</h1>`);
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title).toContain('Hearth');
      expect(html).toContain(`<meta property="og:title" content="${title}"`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https://[^"]+${path}"`));
    });
  }

  test('the landing page loads none of the app’s code, and hydrates without a mismatch', async ({ page, request }) => {
    const appHtml = await (await request.get('/index.html')).text();
    const appScripts = [...appHtml.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([file]) => file);
    expect(appScripts.length).toBeGreaterThan(0);

    const scripts: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await expect(page.getByTestId('hero-photo')).toHaveAttribute('data-showing', 'after');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => appScripts.includes(script))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a signed-in user at / gets the app, which opens the dashboard', async ({ page, request }) => {
    const email = await verifiedAccount(request);
    await signInThroughUi(page, email);
    const html = await (await page.request.get('/')).text();
    expect(html).not.toContain('Sell homes faster with Virtual Staging');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('landing page', () => {
  test('shows every section SPEC lists', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    await expect(header.getByRole('link', { name: 'Start Free' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell homes faster with Virtual Staging');
    await expect(page.getByText('No credit card required', { exact: true })).toBeVisible();
    const trust = page.getByRole('region', { name: 'What staged listings achieve' });
    for (const claim of ['89%more buyer interest', '50%higher sale prices', '3xfaster closings']) {
      await expect(trust.getByRole('listitem').filter({ hasText: claim.replace(/^[\d%x]+/, '') })).toHaveText(claim);
    }
    for (const caption of ['Curb appeal', 'Kitchen', 'Master bedroom', 'Empty office']) {
      await expect(page.locator('figcaption').getByText(caption, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('slider')).toHaveCount(4);
    const features = ['Instant Results', 'Easy to Use', 'Low Price', 'Bulk Upload', 'Custom Prompts', 'MLS Compliant'];
    for (const feature of features) {
      await expect(page.getByRole('heading', { name: feature, level: 3, exact: true })).toBeVisible();
    }
    const testimonials = page.getByRole('region', { name: 'Agents who stage with Hearth' }).getByRole('listitem');
    await expect(testimonials).toHaveCount(6);
    await expect(testimonials.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(6);
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stage your next listing today' })).toBeVisible();
    // Every photo has its size set, so nothing moves while it loads.
    for (const image of await page.locator('img').all()) {
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
    }
  });

  test('every call to action leads to /signup', async ({ page }) => {
    await page.goto('/');
    const ctas = page.getByRole('link', { name: new RegExp(`^(${CALLS_TO_ACTION.join('|')})$`) });
    const count = await ctas.count();
    expect(count).toBe(4); // header, hero, gallery, final call to action
    for (let index = 0; index < count; index++) {
      await page.goto('/');
      await expect(ctas.nth(index)).toHaveAttribute('href', '/signup');
      await ctas.nth(index).click();
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByText('Start Your Free Trial')).toBeVisible();
    }
  });

  test('the hero photo alternates between before and after, and can be paused', async ({ page }) => {
    await openInteractive(page, '/');
    const hero = page.getByTestId('hero-photo');
    await expect(hero).toHaveAttribute('data-showing', 'before');
    await expect(hero.getByText('Before', { exact: true })).toBeVisible();
    await expect(hero).toHaveAttribute('data-showing', 'after');
    await expect(hero.getByText('After', { exact: true })).toBeVisible();
    await expect(hero).toHaveAttribute('data-showing', 'before');

    const pause = page.getByRole('button', { name: 'Pause the before and after animation' });
    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    const shown = await hero.getAttribute('data-showing');
    // Two full periods later it still shows the same photo.
    await page.waitForTimeout(3500);
    await expect(hero).toHaveAttribute('data-showing', shown!);
  });

  test('a compare divider follows the pointer and the keyboard', async ({ page }) => {
    await openInteractive(page, '/');
    const slider = page.getByRole('slider', { name: 'Compare kitchen before and after' });
    await slider.scrollIntoViewIfNeeded();
    await expect(slider).toHaveAttribute('aria-valuenow', '50');

    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '45');
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');

    const frame = slider.locator('..');
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(slider).toHaveAttribute('aria-valuenow', /^(24|25|26)$/);
  });

  test('the FAQ keeps one answer open at a time, by mouse and keyboard', async ({ page }) => {
    await openInteractive(page, '/');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(6);
    const expanded = faq.locator('button[aria-expanded="true"]');
    await expect(expanded).toHaveCount(1);
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');

    await questions.nth(1).click();
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(expanded).toHaveCount(1);
    await expect(page.getByText(/typically|under 30 seconds/).first()).toBeVisible();

    await questions.nth(3).focus();
    await page.keyboard.press('Enter');
    await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'true');
    await expect(expanded).toHaveCount(1);
    await expect(faq.getByText('no cancellation fees or contracts')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(expanded).toHaveCount(0);
  });
});

test.describe('legal and contact pages', () => {
  test('the terms have eleven numbered sections, the date and a legal contact', async ({ page }) => {
    await page.goto('/terms-of-use');
    await expect(page.getByText('Last updated September 17, 2025')).toBeVisible();
    const sections = page.getByRole('heading', { level: 2, name: /^\d+\. / });
    await expect(sections).toHaveCount(11);
    await expect(sections.nth(0)).toHaveText('1. Acceptance of Terms');
    await expect(sections.nth(9)).toHaveText('10. Governing Law');
    await expect(page.getByText('laws of the United States')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Legal contact' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^legal@/ })).toHaveAttribute('href', /^mailto:legal@/);
  });

  test('the privacy policy has eleven sections and answers inquiries within 30 days', async ({ page }) => {
    await page.goto('/privacy-policy');
    const sections = page.getByRole('heading', { level: 2, name: /^\d+\. / });
    await expect(sections).toHaveCount(11);
    for (const topic of ['Image Data', 'Cookies', 'Data Retention', "Children's Privacy"]) {
      await expect(sections.filter({ hasText: topic })).toHaveCount(1);
    }
    await expect(page.getByText('not used to train AI models without your consent')).toBeVisible();
    await expect(page.getByText(/deleted within 30 days/)).toBeVisible();
    await expect(page.getByText('We answer privacy inquiries within 30 days.')).toBeVisible();
  });

  test('the contact page gives the support address, the response time and what to include', async ({ page }) => {
    await page.goto('/contact-us');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    await expect(header.getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: /^support@/ })).toHaveAttribute('href', /^mailto:support@/);
    await expect(page.getByText('We respond within 24 hours on business days.')).toBeVisible();
    await expect(page.getByText('URGENT', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What to include in your request' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Common topics' })).toBeVisible();
  });

  test('the footer links reach contact, terms and privacy from every public page', async ({ page }) => {
    for (const { path } of PUBLIC_PAGES) {
      for (const [name, target, heading] of [
        ['Contact Us', '/contact-us', 'Contact Us'],
        ['Terms of Use', '/terms-of-use', 'Terms of Use'],
        ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('contentinfo').getByRole('link', { name }).click();
        await expect(page).toHaveURL(new RegExp(`${target}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      }
    }
  });

  test('the logo leads back to the landing page', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.getByRole('link', { name: 'Hearth home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell homes faster with Virtual Staging');
  });
});

test('an unknown path shows the 404 card with a way home', async ({ page }) => {
  await page.goto('/open-house/that-was-sold');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found · Hearth');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell homes faster with Virtual Staging');
});

test.describe('help center (signed in)', () => {
  test('every tab shows its help, by mouse and by keyboard', async ({ page, request }) => {
    const email = await verifiedAccount(request);
    await signInThroughUi(page, email);
    await page.goto('/help-center');
    await expect(page).toHaveTitle('Help Center · Hearth');
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    const tabs = [
      ['Getting Started', 'Getting started', '10 images'],
      ['Uploading', 'Uploading photos', 'JPG, PNG, HEIC, WEBP, GIF, BMP and TIFF'],
      ['Templates', 'Templates', 'Replaces a grey or overcast sky'],
      ['Custom Prompts', 'Custom prompts', 'your text is added after the'],
      ['Results', 'Results and downloads', 'Afternoon Session - Sep 8 12:43'],
      ['Troubleshooting', 'Troubleshooting', 'Some files were rejected'],
    ] as const;
    for (const [tab, heading, text] of tabs) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(heading);
      await expect(panel.getByText(text).first()).toBeVisible();
    }
    const results = page.getByRole('tab', { name: 'Results' });
    await results.click();
    await expect(page.getByRole('tabpanel').getByText('Ready', { exact: true })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('30 days after upload')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Troubleshooting' })).toBeFocused();
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toHaveText('Troubleshooting');
    await page.keyboard.press('Home');
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toHaveText('Getting started');
    await page.getByRole('tab', { name: 'Uploading' }).click();
    await expect(page.getByRole('tabpanel').getByText('at least 1080p')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('accessibility (axe-core)', () => {
  for (const path of ['/', '/terms-of-use', '/privacy-policy', '/contact-us', '/no/such/page']) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/') {
        // Check the page with a FAQ answer open and the hero showing "after" too.
        await expect(page.getByTestId('hero-photo')).toHaveAttribute('data-showing', 'after');
      }
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
