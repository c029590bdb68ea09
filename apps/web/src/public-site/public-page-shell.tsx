import { StrictMode, type ReactNode } from 'react';
import { HeadInHtmlProvider } from '../components/layout/page-head';

/**
 * What the prerender (at build time) renders around a public page. The page's head is in its HTML already; its
 * links are plain anchors (plain-links.tsx), so it needs no router. In the browser only the page's islands are
 * hydrated (public-entry.tsx), each without this shell: an island must not need anything it provides.
 */
export function PublicPageShell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <HeadInHtmlProvider value>{children}</HeadInHtmlProvider>
    </StrictMode>
  );
}
