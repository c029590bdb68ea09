import { createContext, useContext } from 'react';
import type { PageMeta } from '../../content/page-meta';

/**
 * True where the page's HTML was prerendered with its full head (title, description, social tags): there the
 * head is already right, and rendering tags again would only duplicate them.
 */
const HeadInHtmlContext = createContext(false);
export const HeadInHtmlProvider = HeadInHtmlContext.Provider;

/** The page's title and description, when the SPA renders the page itself (React hoists them into <head>). */
export function PageHead({ meta }: { meta: PageMeta }) {
  if (useContext(HeadInHtmlContext)) return null;
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
    </>
  );
}
