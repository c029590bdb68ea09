import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '../index.css';
import { PublicPageShell } from './public-page-shell';
import { findPublicPage } from './public-pages';

/*
 * The script of the prerendered public pages (public-page.html). The HTML is already complete; this makes it
 * interactive (hero alternation, compare sliders, FAQ) by hydrating it with the very components that rendered it.
 */
const root = document.getElementById('root');
const page = findPublicPage(window.location.pathname);
if (root && page) {
  const { default: Page } = await page.load();
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking it for the
  // whole page: the page is already painted and readable, so there is no hurry, only a phone's slow CPU to share.
  startTransition(() => {
    hydrateRoot(
      root,
      <PublicPageShell>
        <Page />
      </PublicPageShell>,
    );
  });
}
