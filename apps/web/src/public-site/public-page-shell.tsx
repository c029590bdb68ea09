import { StrictMode, type ReactNode } from 'react';
import { HeadInHtmlProvider } from '../components/layout/page-head';

/**
 * What both the prerender (at build time) and the browser (hydrating) render around a public page. The page's
 * head is in its HTML already; its links are plain anchors (plain-links.tsx), so it needs no router.
 */
export function PublicPageShell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <HeadInHtmlProvider value>{children}</HeadInHtmlProvider>
    </StrictMode>
  );
}
