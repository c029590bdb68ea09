import { expect, test, type Page, type Response } from '@playwright/test';
import { signInThroughUi, verifiedAccount } from './helpers';

const STREAM_PATH = '/api/sse/subscriptions';
const isStream = (status: number) => (response: Response) =>
  new URL(response.url()).pathname === STREAM_PATH && response.status() === status;

test('a tab refused a live-update stream (5 already open) gets one once another tab closes', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const email = await verifiedAccount(page.request);
  await signInThroughUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  // Four more tabs of the same account: five streams, the most one account may hold.
  const tabs: Page[] = [page];
  for (let i = 0; i < 4; i++) {
    const tab = await context.newPage();
    const opened = tab.waitForResponse(isStream(200));
    await tab.goto('/dashboard');
    await opened;
    tabs.push(tab);
  }

  const sixth = await context.newPage();
  const refused = sixth.waitForResponse(isStream(429));
  await sixth.goto('/dashboard');
  await refused;

  // One tab closes: the sixth tries again by itself and is let in.
  const admitted = sixth.waitForResponse(isStream(200), { timeout: 30_000 });
  await tabs[0]!.close();
  await admitted;
});
