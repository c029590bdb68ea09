import type { ComponentType } from 'react';
import { hero } from '../content/landing';
import { HERO_PHOTO_SIZES, landingSrcSet } from '../content/landing-images';
import { PAGE_META, type PageMeta } from '../content/page-meta';

export interface PublicPage {
  /** The prerendered file's name under dist/pages/ (index is '/'). */
  name: string;
  meta: PageMeta;
  /** The page's component, rendered at build time (the browser only hydrates its islands: island.tsx). */
  load: () => Promise<{ default: ComponentType }>;
  /** The largest picture above the fold, fetched while the stylesheet and scripts are still on their way. */
  preloadImage?: { type: string; srcSet: string; sizes: string };
}

/**
 * The pages a visitor reaches without an account and that need no data: prerendered at build time and served
 * as HTML that is complete before any JavaScript runs; public-entry.tsx then hydrates their islands.
 */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    name: 'index',
    meta: PAGE_META.landing,
    load: () => import('../pages/landing/landing-page'),
    preloadImage: { type: 'image/avif', srcSet: landingSrcSet(hero.photo, 'before', 'avif'), sizes: HERO_PHOTO_SIZES },
  },
  {
    name: 'terms-of-use',
    meta: PAGE_META.termsOfUse,
    load: () => import('../pages/terms-of-use/terms-of-use-page'),
  },
  {
    name: 'privacy-policy',
    meta: PAGE_META.privacyPolicy,
    load: () => import('../pages/privacy-policy/privacy-policy-page'),
  },
  {
    name: 'contact-us',
    meta: PAGE_META.contactUs,
    load: () => import('../pages/contact-us/contact-us-page'),
  },
];
