import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import LandingPage from '../pages/landing/landing-page';
import { PublicPageShell } from './public-page-shell';
import { PUBLIC_ISLANDS } from './islands';

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Each island box of a page's HTML: its name, its props and the HTML inside it. */
function islandBoxes(html: string) {
  const boxes: Array<{ name: string; props: object; inner: string }> = [];
  const opening = /<div data-island="([^"]+)" data-island-props="([^"]*)" class="contents">/g;
  for (const match of html.matchAll(opening)) {
    const start = match.index + match[0].length;
    let depth = 1;
    const tags = /<div[\s>]|<\/div>/g;
    tags.lastIndex = start;
    let end = start;
    for (let tag = tags.exec(html); tag && depth > 0; tag = tags.exec(html)) {
      depth += tag[0] === '</div>' ? -1 : 1;
      end = tag.index;
    }
    boxes.push({ name: match[1]!, props: JSON.parse(decode(match[2]!)) as object, inner: html.slice(start, end) });
  }
  return boxes;
}

describe('the islands of the public pages', () => {
  it('have distinct names', () => {
    const names = PUBLIC_ISLANDS.map((island) => island.islandName);
    expect(new Set(names).size).toBe(names.length);
  });

  it('render alone, from the props in the HTML, exactly what the page holds (so each hydrates without a mismatch)', () => {
    const page = renderToString(
      <MemoryRouter>
        <PublicPageShell>
          <LandingPage />
        </PublicPageShell>
      </MemoryRouter>,
    );
    const boxes = islandBoxes(page);
    expect(boxes.map((box) => box.name)).toEqual([
      'hero-photo',
      'compare-slider',
      'compare-slider',
      'compare-slider',
      'compare-slider',
      'faq',
    ]);
    for (const { name, props, inner } of boxes) {
      const island = PUBLIC_ISLANDS.find((candidate) => candidate.islandName === name);
      expect(island, name).toBeDefined();
      const Component = island!.Component as (props: object) => ReactNode;
      expect(inner.length).toBeGreaterThan(200);
      expect(renderToString(<Component {...props} />)).toBe(inner);
    }
  });
});
