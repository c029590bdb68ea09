import { ButtonLink } from '../../components/ui/button';
import { gallery, SIGNUP_PATH } from '../../content/landing';
import { CompareSliderIsland } from './compare-slider';

export function GallerySection() {
  return (
    <section aria-labelledby="gallery-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <div className="max-w-2xl space-y-3">
        <h2 id="gallery-title" className="font-display text-3xl font-bold text-stone-900 sm:text-4xl">
          {gallery.title}
        </h2>
        <p className="text-lg text-stone-700">{gallery.lead}</p>
      </div>
      <ul className="mt-10 grid gap-8 md:grid-cols-2">
        {gallery.pairs.map((pair) => (
          <li key={pair.slug}>
            <figure className="space-y-3">
              <CompareSliderIsland
                pair={pair}
                sizes="(min-width: 1152px) 34rem, (min-width: 768px) 45vw, calc(100vw - 2rem)"
              />
              <figcaption>
                <span className="block font-semibold text-stone-900">{pair.caption}</span>
                <span className="text-sm text-stone-600">{pair.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-stone-600">{gallery.note}</p>
      <div className="mt-8 flex justify-center">
        <ButtonLink to={SIGNUP_PATH} size="lg" className="w-full whitespace-normal sm:w-auto">
          {gallery.cta}
        </ButtonLink>
      </div>
    </section>
  );
}
