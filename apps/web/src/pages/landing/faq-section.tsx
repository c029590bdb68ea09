import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { faq } from '../../content/landing';
import { cn } from '../../lib/class-names';
import { island } from '../../public-site/island';

/**
 * An accordion of disclosure buttons (WAI-ARIA accordion pattern): each question is a button that opens its
 * answer, and opening one closes the one before, so only one is open at a time.
 */
export function FaqSection() {
  const [openId, setOpenId] = useState<string | null>(faq.items[0]?.id ?? null);

  return (
    <section aria-labelledby="faq-title" className="border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="faq-title" className="font-display text-3xl font-bold text-stone-900 sm:text-4xl">
          {faq.title}
        </h2>
        <div className="mt-8 divide-y divide-stone-200 border-y border-stone-200">
          {faq.items.map((item) => {
            const open = openId === item.id;
            return (
              <div key={item.id}>
                <h3>
                  <button
                    type="button"
                    id={`faq-question-${item.id}`}
                    aria-expanded={open}
                    aria-controls={`faq-answer-${item.id}`}
                    onClick={() => setOpenId(open ? null : item.id)}
                    className="flex w-full items-center justify-between gap-4 py-5 text-left text-base font-semibold text-stone-900 hover:text-brand-800 sm:text-lg"
                  >
                    {item.question}
                    <ChevronDown
                      aria-hidden
                      className={cn('size-5 shrink-0 text-stone-500 transition-transform', open && 'rotate-180')}
                    />
                  </button>
                </h3>
                <div
                  id={`faq-answer-${item.id}`}
                  role="region"
                  aria-labelledby={`faq-question-${item.id}`}
                  hidden={!open}
                  className="pb-5 text-stone-700"
                >
                  <p>{item.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

/** The accordion is hydrated on its own in the prerendered page (public-site/island). */
export const FaqSectionIsland = island('faq', FaqSection);
