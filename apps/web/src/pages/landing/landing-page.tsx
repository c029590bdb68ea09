import { PageHead } from '../../components/layout/page-head';
import { PublicLayout } from '../../components/layout/public-layout';
import { ButtonLink } from '../../components/ui/button';
import { finalCta, SIGNUP_PATH, trustStats } from '../../content/landing';
import { PAGE_META } from '../../content/page-meta';
import { FaqSectionIsland } from './faq-section';
import { FeatureGrid } from './feature-grid';
import { GallerySection } from './gallery-section';
import { HeroSection } from './hero-section';
import { TestimonialGrid } from './testimonial-grid';

function TrustStrip() {
  return (
    <section aria-label="What staged listings achieve" className="border-y border-stone-200 bg-white">
      <ul className="mx-auto grid max-w-6xl grid-cols-3 gap-3 px-4 py-7 text-center sm:gap-6 sm:px-6 sm:py-9">
        {trustStats.map(({ figure, label }) => (
          <li key={label}>
            <span className="block font-display text-3xl font-bold text-brand-700 sm:text-4xl">{figure}</span>
            <span className="text-sm text-stone-700 sm:text-base">{label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FinalCallToAction() {
  return (
    <section aria-labelledby="final-cta-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <div className="flex flex-col items-start gap-6 rounded-3xl bg-stone-900 px-6 py-10 text-white sm:flex-row sm:items-center sm:justify-between sm:px-10 sm:py-12">
        <div className="max-w-xl space-y-2">
          <h2 id="final-cta-title" className="font-display text-3xl font-bold">
            {finalCta.title}
          </h2>
          <p className="text-stone-300">{finalCta.text}</p>
        </div>
        <ButtonLink to={SIGNUP_PATH} size="lg" className="w-full sm:w-auto">
          {finalCta.cta}
        </ButtonLink>
      </div>
    </section>
  );
}

/** The landing page of SPEC §2. Its words live in content/landing.ts. */
export default function LandingPage() {
  return (
    <PublicLayout>
      <PageHead meta={PAGE_META.landing} />
      <HeroSection />
      <TrustStrip />
      <GallerySection />
      <FeatureGrid />
      <TestimonialGrid />
      <FaqSectionIsland />
      <FinalCallToAction />
    </PublicLayout>
  );
}
