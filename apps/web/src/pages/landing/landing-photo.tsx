import {
  LANDING_IMAGE_ASPECT,
  LANDING_IMAGE_WIDTHS,
  LANDING_JPEG_WIDTH,
  landingPhotoPath,
  landingSrcSet,
  type LandingPhotoSide,
  type LandingPhotoSlug,
} from '../../content/landing-images';
import { cn } from '../../lib/class-names';

/**
 * One before/after photo: AVIF, then WebP, then a JPEG for anything else. Width and height are set, so the box
 * is reserved before a byte of the image arrives and nothing below it moves.
 */
export function LandingPhoto({
  slug,
  side,
  alt,
  sizes,
  priority = false,
  onLoad,
  className,
}: {
  slug: LandingPhotoSlug;
  side: LandingPhotoSide;
  alt: string;
  sizes: string;
  /** The hero's first photo: fetched first and never lazily. */
  priority?: boolean;
  onLoad?: () => void;
  className?: string;
}) {
  const largest = LANDING_IMAGE_WIDTHS.at(-1)!;
  return (
    <picture>
      <source type="image/avif" srcSet={landingSrcSet(slug, side, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={landingSrcSet(slug, side, 'webp')} sizes={sizes} />
      <img
        src={landingPhotoPath(slug, side, LANDING_JPEG_WIDTH, 'jpg')}
        alt={alt}
        width={largest}
        height={(largest * LANDING_IMAGE_ASPECT.height) / LANDING_IMAGE_ASPECT.width}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
        draggable={false}
        onLoad={onLoad}
        className={cn('block h-full w-full object-cover select-none', className)}
      />
    </picture>
  );
}

export function PhotoBadge({ side, className }: { side: LandingPhotoSide; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'pointer-events-none absolute top-3 rounded-full px-3 py-1 text-xs font-semibold tracking-wide text-white shadow-sm',
        side === 'before' ? 'bg-stone-900/80' : 'bg-brand-700',
        className,
      )}
    >
      {side === 'before' ? 'Before' : 'After'}
    </span>
  );
}
