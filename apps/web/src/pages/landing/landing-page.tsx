import { Check } from 'lucide-react';
import { PublicLayout } from '../../components/layout/public-layout';
import { ButtonLink } from '../../components/ui/button';
import { RoomIllustration } from './room-illustration';

const trust = [
  { figure: '89%', text: 'more buyer interest' },
  { figure: '50%', text: 'higher sale prices' },
  { figure: '3x', text: 'faster closings' },
];

function BeforeAfter() {
  return (
    <div className="grid grid-cols-2 gap-3 rounded-3xl border border-stone-200 bg-white p-3 shadow-xl shadow-brand-900/10">
      {[false, true].map((staged) => (
        <figure key={String(staged)} className="relative overflow-hidden rounded-2xl">
          <RoomIllustration staged={staged} />
          <figcaption
            className={
              staged
                ? 'absolute top-2 left-2 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white'
                : 'absolute top-2 left-2 rounded-full bg-stone-900/75 px-2.5 py-0.5 text-xs font-semibold text-white'
            }
          >
            {staged ? 'After' : 'Before'}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

export default function LandingPage() {
  return (
    <PublicLayout>
      <title>Hearth · AI virtual staging for real estate</title>
      <section className="bg-[radial-gradient(ellipse_at_top_left,var(--color-brand-100),transparent_55%)]">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-2">
          <div className="space-y-6">
            <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
              AI virtual staging for real estate professionals
            </p>
            <h1 className="font-display text-4xl leading-tight font-bold tracking-tight text-stone-900 sm:text-5xl lg:text-6xl">
              Sell homes faster with Virtual Staging
            </h1>
            <p className="max-w-xl text-lg text-stone-700">
              Upload your listing photos and get staged, enhanced versions back in under 30 seconds, ready for your
              listing.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <ButtonLink to="/signup" size="lg">
                Upload image for free
              </ButtonLink>
              <p className="inline-flex items-center gap-1.5 text-sm text-stone-600">
                <Check aria-hidden className="size-4 text-emerald-700" />
                No credit card required
              </p>
            </div>
          </div>
          <BeforeAfter />
        </div>
      </section>
      <section aria-label="Results agents see" className="border-y border-stone-200 bg-white">
        <ul className="mx-auto grid max-w-6xl grid-cols-3 gap-3 px-4 py-8 text-center sm:gap-6 sm:px-6">
          {trust.map(({ figure, text }) => (
            <li key={text}>
              <span className="block font-display text-2xl font-bold text-brand-700 sm:text-3xl">{figure}</span>
              <span className="text-sm text-stone-600 sm:text-base">{text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="final-cta-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <div className="flex flex-col items-start gap-5 rounded-3xl bg-stone-900 px-6 py-10 text-white sm:flex-row sm:items-center sm:justify-between sm:px-10">
          <div className="space-y-2">
            <h2 id="final-cta-title" className="font-display text-2xl font-bold sm:text-3xl">
              Stage your next listing today
            </h2>
            <p className="text-stone-300">Try it on a photo of your own. No credit card required.</p>
          </div>
          <ButtonLink to="/signup" size="lg">
            Upload image for free
          </ButtonLink>
        </div>
      </section>
    </PublicLayout>
  );
}
