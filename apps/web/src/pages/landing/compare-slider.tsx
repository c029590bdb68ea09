import { CompareSlider } from '../../components/ui/compare-slider';
import type { GalleryPair } from '../../content/landing';
import { island } from '../../public-site/island';
import { LandingPhoto } from './landing-photo';

/** One gallery pair in the shared before/after slider, with the landing page's responsive photos. */
export function GalleryCompare({ pair, sizes }: { pair: GalleryPair; sizes: string }) {
  return (
    <CompareSlider
      look="landing"
      className="aspect-[3/2]"
      label={`Compare ${pair.caption.toLowerCase()} before and after`}
      before={<LandingPhoto slug={pair.slug} side="before" alt={pair.alt.before} sizes={sizes} />}
      after={<LandingPhoto slug={pair.slug} side="after" alt={pair.alt.after} sizes={sizes} />}
    />
  );
}

/** Each slider is hydrated on its own in the prerendered page (public-site/island). */
export const CompareSliderIsland = island('compare-slider', GalleryCompare);
