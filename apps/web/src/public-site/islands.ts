import type { ReactNode } from 'react';
import { CompareSliderIsland } from '../pages/landing/compare-slider';
import { FaqSectionIsland } from '../pages/landing/faq-section';
import { HeroPhotoIsland } from '../pages/landing/hero-section';

/**
 * Every island of the public pages (island.tsx), by name: what public-entry.tsx hydrates in the browser. Only the
 * landing page has any; the legal and contact pages are static HTML and load no JavaScript at all.
 */
export const PUBLIC_ISLANDS: ReadonlyArray<{ islandName: string; Component: (props: never) => ReactNode }> = [
  HeroPhotoIsland,
  CompareSliderIsland,
  FaqSectionIsland,
];
