import { Star } from 'lucide-react';
import { testimonials } from '../../content/landing';

export function TestimonialGrid() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <h2 id="testimonials-title" className="font-display text-3xl font-bold text-stone-900 sm:text-4xl">
        {testimonials.title}
      </h2>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {testimonials.items.map((item) => (
          <li key={item.author}>
            <figure className="flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <p className="flex gap-0.5 text-brand-600" role="img" aria-label={`Rated ${item.rating} out of 5`}>
                {Array.from({ length: item.rating }, (_, index) => (
                  <Star key={index} aria-hidden className="size-4 fill-current" />
                ))}
              </p>
              <blockquote className="mt-4 flex-1 text-stone-800">“{item.text}”</blockquote>
              <figcaption className="mt-5 flex items-center gap-3">
                <span
                  aria-hidden
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-stone-900 text-sm font-semibold text-white"
                >
                  {item.initials}
                </span>
                <span className="text-sm">
                  <span className="block font-semibold text-stone-900">{item.author}</span>
                  <span className="text-stone-600">
                    {item.title}, {item.location}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
