import {
  BadgeCheck,
  Layers,
  MessageSquareText,
  MousePointerClick,
  PiggyBank,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { features, type FeatureIcon } from '../../content/landing';

const ICONS: Record<FeatureIcon, LucideIcon> = {
  zap: Zap,
  'mouse-pointer': MousePointerClick,
  'piggy-bank': PiggyBank,
  layers: Layers,
  'message-square': MessageSquareText,
  'badge-check': BadgeCheck,
};

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-title" className="border-y border-stone-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <div className="max-w-2xl space-y-3">
          <h2 id="features-title" className="font-display text-3xl font-bold text-stone-900 sm:text-4xl">
            {features.title}
          </h2>
          <p className="text-lg text-stone-700">{features.lead}</p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.items.map(({ icon, title, text }) => {
            const Icon = ICONS[icon];
            return (
              <li key={title} className="rounded-2xl border border-stone-200 bg-canvas p-6">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                  <Icon aria-hidden className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-stone-900">{title}</h3>
                <p className="mt-1.5 text-stone-700">{text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
