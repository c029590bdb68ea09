import { StrictMode, useEffect, type ReactNode } from 'react';
import { HeadInHtmlProvider } from '../components/layout/page-head';

/** Marks the document once the page is interactive (hydration has committed), for tests and tools to wait on. */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * What both the prerender (at build time) and the browser (hydrating) render around a public page. The page's
 * head is in its HTML already; its links are plain anchors (plain-links.tsx), so it needs no router.
 */
export function PublicPageShell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <HeadInHtmlProvider value>
        {children}
        <HydratedMarker />
      </HeadInHtmlProvider>
    </StrictMode>
  );
}
