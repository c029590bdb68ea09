import { renderToString } from 'react-dom/server';
import { absoluteUrl, SOCIAL_IMAGE, type PageMeta } from '../content/page-meta';
import { PRODUCT_NAME } from '../content/product-facts';
import { PublicPageShell } from './public-page-shell';
import { PUBLIC_PAGES, type PublicPage } from './public-pages';

/** Build time only (see build/prerender-public-pages.ts): a public page's body HTML and its head tags. */
export async function renderPublicPage(page: PublicPage): Promise<{ body: string; head: string }> {
  const { default: Page } = await page.load();
  const body = renderToString(
    <PublicPageShell>
      <Page />
    </PublicPageShell>,
  );
  return { body, head: headTags(page.meta) };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Title, description, canonical link, Open Graph and Twitter card tags. */
export function headTags(meta: PageMeta): string {
  const url = absoluteUrl(meta.path);
  const tags: Array<[string, Record<string, string>]> = [
    ['meta', { name: 'description', content: meta.description }],
    ['link', { rel: 'canonical', href: url }],
    ['meta', { property: 'og:type', content: 'website' }],
    ['meta', { property: 'og:site_name', content: PRODUCT_NAME }],
    ['meta', { property: 'og:title', content: meta.title }],
    ['meta', { property: 'og:description', content: meta.description }],
    ['meta', { property: 'og:url', content: url }],
    ['meta', { property: 'og:image', content: absoluteUrl(SOCIAL_IMAGE.path) }],
    ['meta', { property: 'og:image:width', content: String(SOCIAL_IMAGE.width) }],
    ['meta', { property: 'og:image:height', content: String(SOCIAL_IMAGE.height) }],
    ['meta', { property: 'og:image:alt', content: SOCIAL_IMAGE.alt }],
    ['meta', { name: 'twitter:card', content: 'summary_large_image' }],
    ['meta', { name: 'twitter:title', content: meta.title }],
    ['meta', { name: 'twitter:description', content: meta.description }],
    ['meta', { name: 'twitter:image', content: absoluteUrl(SOCIAL_IMAGE.path) }],
  ];
  const html = tags.map(
    ([tag, attributes]) =>
      `<${tag} ${Object.entries(attributes)
        .map(([key, value]) => `${key}="${escapeHtml(value)}"`)
        .join(' ')} />`,
  );
  return [`<title>${escapeHtml(meta.title)}</title>`, ...html].join('\n    ');
}

export { PUBLIC_PAGES };
