/**
 * The landing page's before/after photos: what exists under /landing/ and at which sizes. The files are made
 * by scripts/make-landing-images (which reads this module), so the page and the files cannot drift apart.
 */

/** Every photo is 3:2, stored at these widths (CSS pixels × device pixel ratio are picked by srcset). */
export const LANDING_IMAGE_WIDTHS = [480, 720, 960] as const;
export const LANDING_IMAGE_ASPECT = { width: 3, height: 2 } as const;
/** The one JPEG, for the rare browser that reads neither AVIF nor WebP. */
export const LANDING_JPEG_WIDTH = 960;

export type LandingPhotoSlug = 'living-room' | 'curb-appeal' | 'kitchen' | 'master-bedroom' | 'office';
export type LandingPhotoSide = 'before' | 'after';

export function landingPhotoPath(slug: LandingPhotoSlug, side: LandingPhotoSide, width: number, format: string) {
  return `/landing/${slug}-${side}-${width}.${format}`;
}

/** `srcset` of one photo in one format, every stored width. */
export function landingSrcSet(slug: LandingPhotoSlug, side: LandingPhotoSide, format: 'avif' | 'webp') {
  return LANDING_IMAGE_WIDTHS.map((width) => `${landingPhotoPath(slug, side, width, format)} ${width}w`).join(', ');
}

/** How wide the hero photo is drawn: the page preloads exactly the file the browser will pick. */
export const HERO_PHOTO_SIZES = '(min-width: 1024px) 34rem, (min-width: 640px) 36rem, calc(100vw - 2rem)';
