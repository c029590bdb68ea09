import type { ReactNode } from 'react';
import type { PageMeta } from '../../content/page-meta';
import { PageHead } from './page-head';
import { PublicLayout } from './public-layout';

/** A readable single-column page (legal text, contact). */
export function StaticPage({
  meta,
  title,
  intro,
  children,
}: {
  meta: PageMeta;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PublicLayout>
      <PageHead meta={meta} />
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="font-display text-3xl font-bold text-stone-900 sm:text-4xl">{title}</h1>
        {intro ? <div className="mt-3 text-stone-600">{intro}</div> : null}
        <div className="mt-8 space-y-8 leading-relaxed text-stone-700">{children}</div>
      </article>
    </PublicLayout>
  );
}

/** A numbered section of a legal page: '1. Acceptance of Terms'. */
export function LegalSection({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`section-${number}`} className="space-y-3">
      <h2 id={`section-${number}`} className="text-xl font-semibold text-stone-900">
        {number}. {title}
      </h2>
      <div className="space-y-3">{children}</div>
    </section>
  );
}
