import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { absoluteUrl } from '../content/page-meta';
import { SITE_ORIGIN } from '../content/product-facts';
import { PUBLIC_PAGES } from './public-pages';

const publicFile = (name: string) => readFileSync(path.join(import.meta.dirname, '../../public', name), 'utf8');

describe('the public pages', () => {
  it('are exactly the pages of sitemap.xml', () => {
    const locations = [...publicFile('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url);
    expect(locations.sort()).toEqual(PUBLIC_PAGES.map((page) => absoluteUrl(page.meta.path)).sort());
  });

  it('are allowed to crawlers, and robots.txt points at the sitemap', () => {
    const robots = publicFile('robots.txt');
    expect(robots).toContain(`Sitemap: ${SITE_ORIGIN}/sitemap.xml`);
    const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map(([, prefix]) => prefix!);
    for (const page of PUBLIC_PAGES) {
      expect(disallowed.some((prefix) => page.meta.path.startsWith(prefix))).toBe(false);
    }
  });

  it('each have a title and a description of a useful length', () => {
    for (const { meta } of PUBLIC_PAGES) {
      expect(meta.title.length).toBeLessThanOrEqual(60);
      expect(meta.description.length).toBeGreaterThanOrEqual(50);
      expect(meta.description.length).toBeLessThanOrEqual(160);
    }
  });
});
