import type { ReactNode } from 'react';
import { PublicLayout } from './public-layout';

/** A readable single-column page (legal text, contact). */
export function StaticPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <PublicLayout>
      <title>{`${title} · Hearth`}</title>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="font-display text-3xl font-bold text-stone-900 sm:text-4xl">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-stone-500">{intro}</div> : null}
        <div className="mt-8 space-y-5 leading-relaxed text-stone-700">{children}</div>
      </article>
    </PublicLayout>
  );
}
