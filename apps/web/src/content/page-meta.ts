/**
 * Title, description and social preview of each public page. The prerendered pages carry them in their HTML
 * head (for search engines and link previews, which run no JavaScript); the SPA sets the title when it shows
 * the page itself.
 */
import { PRODUCT_NAME, SITE_ORIGIN, TRIAL_IMAGES } from './product-facts';

export interface PageMeta {
  path: string;
  title: string;
  description: string;
}

export const SOCIAL_IMAGE = {
  path: '/og-image.jpg',
  width: 1200,
  height: 630,
  alt: 'A living room before and after virtual staging',
};

export const PAGE_META = {
  landing: {
    path: '/',
    title: `${PRODUCT_NAME} · Virtual staging for real estate listings`,
    description: `Sell homes faster with AI virtual staging: upload a listing photo and get it staged or enhanced in seconds. ${TRIAL_IMAGES} free images, no credit card required.`,
  },
  helpCenter: {
    path: '/help-center',
    title: `Help Center · ${PRODUCT_NAME}`,
    description:
      'How to upload photos, choose templates, write custom prompts, download results and fix common problems.',
  },
  termsOfUse: {
    path: '/terms-of-use',
    title: `Terms of Use · ${PRODUCT_NAME}`,
    description: `The terms that govern your use of ${PRODUCT_NAME}'s virtual staging service.`,
  },
  privacyPolicy: {
    path: '/privacy-policy',
    title: `Privacy Policy · ${PRODUCT_NAME}`,
    description: `What ${PRODUCT_NAME} collects, how your photos and data are used and protected, and the rights you have.`,
  },
  contactUs: {
    path: '/contact-us',
    title: `Contact Us · ${PRODUCT_NAME}`,
    description: `Reach ${PRODUCT_NAME} support: answers within 24 hours on business days.`,
  },
  notFound: {
    path: '/404',
    title: `Page Not Found · ${PRODUCT_NAME}`,
    description: 'This page does not exist.',
  },
} satisfies Record<string, PageMeta>;

export const absoluteUrl = (path: string) => new URL(path, SITE_ORIGIN).toString();
