import { Check, Pause, Play } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { hero, SIGNUP_PATH } from '../../content/landing';
import { HERO_PHOTO_SIZES } from '../../content/landing-images';
import { cn } from '../../lib/class-names';
import { island } from '../../public-site/island';
import { LandingPhoto, PhotoBadge } from './landing-photo';

/** SPEC §9: the hero photo swaps between before and after every 1700 ms. */
export const HERO_ALTERNATION_MS = 1700;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The system's "reduce motion" setting; the prerendered page (and its hydration) assume it is off. */
function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

const subscribeToNothing = () => () => {};

/** False while the prerendered page hydrates, true from the first client render after it. */
function useIsHydrated() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

function HeroPhoto() {
  const [showAfter, setShowAfter] = useState(false);
  // The "after" photo is fetched only once the page is interactive, so the "before" photo (the largest paint)
  // has the connection to itself; the swapping starts when the "after" photo has arrived.
  const hydrated = useIsHydrated();
  const [afterLoaded, setAfterLoaded] = useState(false);
  // Until the visitor presses the button, the photo swaps unless their system asks for less motion.
  const [choice, setChoice] = useState<'playing' | 'paused' | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const playing = choice ? choice === 'playing' : !reducedMotion;

  useEffect(() => {
    if (!playing || !afterLoaded) return;
    const timer = setInterval(() => setShowAfter((after) => !after), HERO_ALTERNATION_MS);
    return () => clearInterval(timer);
  }, [playing, afterLoaded]);

  return (
    <figure className="relative">
      <div
        data-testid="hero-photo"
        data-showing={showAfter ? 'after' : 'before'}
        className="relative aspect-[3/2] overflow-hidden rounded-3xl bg-stone-200 shadow-2xl ring-1 shadow-brand-900/15 ring-stone-900/5"
      >
        <div className="absolute inset-0">
          <LandingPhoto slug={hero.photo} side="before" alt={hero.photoAlt.before} sizes={HERO_PHOTO_SIZES} priority />
        </div>
        {hydrated ? (
          <div
            className={cn('absolute inset-0 transition-opacity duration-500', showAfter ? 'opacity-100' : 'opacity-0')}
          >
            <LandingPhoto
              slug={hero.photo}
              side="after"
              alt={hero.photoAlt.after}
              sizes={HERO_PHOTO_SIZES}
              onLoad={() => setAfterLoaded(true)}
            />
          </div>
        ) : null}
        {/* The badge switches at once (no fade), so it is always legible. */}
        <PhotoBadge side={showAfter ? 'after' : 'before'} className="left-3" />
        <button
          type="button"
          onClick={() => setChoice(playing ? 'paused' : 'playing')}
          aria-pressed={!playing}
          className="absolute right-3 bottom-3 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow-sm hover:bg-white"
        >
          {playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
          <span className="sr-only">Pause the before and after animation</span>
        </button>
      </div>
      <figcaption className="sr-only">The same living room, empty and then virtually staged.</figcaption>
    </figure>
  );
}

/** The photo is the hero's only interactive part: the prerendered page hydrates it alone (public-site/island). */
export const HeroPhotoIsland = island('hero-photo', HeroPhoto);

export function HeroSection() {
  return (
    <section className="bg-[radial-gradient(ellipse_at_top_left,var(--color-brand-100),transparent_55%)]">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 pt-8 pb-12 sm:px-6 sm:pt-14 sm:pb-16 lg:grid-cols-[1fr_34rem] lg:gap-12 lg:py-20">
        <div className="space-y-5 sm:space-y-6">
          <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
            {hero.eyebrow}
          </p>
          <h1 className="font-display text-4xl leading-[1.1] font-bold tracking-tight text-stone-900 sm:text-5xl lg:text-6xl">
            {hero.title}
          </h1>
          <p className="max-w-xl text-lg text-stone-700">{hero.lead}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
            <ButtonLink to={SIGNUP_PATH} size="lg" className="w-full sm:w-auto">
              {hero.cta}
            </ButtonLink>
            <ul className="space-y-1 text-sm text-stone-700">
              <li className="flex items-center gap-1.5">
                <Check aria-hidden className="size-4 text-emerald-700" />
                {hero.note}
              </li>
              <li className="flex items-center gap-1.5">
                <Check aria-hidden className="size-4 text-emerald-700" />
                {hero.trialNote}
              </li>
            </ul>
          </div>
        </div>
        <HeroPhotoIsland />
      </div>
    </section>
  );
}
