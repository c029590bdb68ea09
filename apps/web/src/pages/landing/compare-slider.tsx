import { ChevronsLeftRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { GalleryPair } from '../../content/landing';
import { island } from '../../public-site/island';
import { LandingPhoto, PhotoBadge } from './landing-photo';

const KEY_STEPS: Record<string, (value: number) => number> = {
  ArrowLeft: (value) => value - 5,
  ArrowDown: (value) => value - 5,
  ArrowRight: (value) => value + 5,
  ArrowUp: (value) => value + 5,
  PageDown: (value) => value - 20,
  PageUp: (value) => value + 20,
  Home: () => 0,
  End: () => 100,
};

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/**
 * The before photo over the after photo, cut at a divider the visitor drags (mouse, pen or touch) or moves with
 * the keyboard. The divider is a WAI-ARIA slider: its value is the share of the width that shows "before".
 */
export function CompareSlider({ pair, sizes }: { pair: GalleryPair; sizes: string }) {
  const [position, setPosition] = useState(50);
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(clamp(((clientX - box.left) / box.width) * 100));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const stopDragging = () => {
    dragging.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    setPosition((value) => clamp(step(value)));
  };

  return (
    <div
      ref={frame}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stopDragging}
      onPointerCancel={stopDragging}
      // Vertical swipes still scroll the page on touch screens; horizontal ones move the divider.
      className="relative aspect-[3/2] cursor-ew-resize touch-pan-y overflow-hidden rounded-2xl bg-stone-200 select-none"
    >
      <LandingPhoto slug={pair.slug} side="after" alt={pair.alt.after} sizes={sizes} />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
        <LandingPhoto slug={pair.slug} side="before" alt={pair.alt.before} sizes={sizes} />
      </div>
      <PhotoBadge side="before" className="left-3" />
      <PhotoBadge side="after" className="right-3" />
      <div
        role="slider"
        tabIndex={0}
        aria-label={`Compare ${pair.caption.toLowerCase()} before and after`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={`${position}% before, ${100 - position}% after`}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="group absolute inset-y-0 w-11 -translate-x-1/2 outline-none"
        style={{ left: `${position}%` }}
      >
        <span
          aria-hidden
          className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_6px_rgba(0,0,0,0.45)]"
        />
        <span
          aria-hidden
          className="absolute top-1/2 left-1/2 flex size-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-stone-800 shadow-lg ring-brand-700 group-focus-visible:ring-4"
        >
          <ChevronsLeftRight className="size-5" />
        </span>
      </div>
    </div>
  );
}

/** Each slider is hydrated on its own in the prerendered page (public-site/island). */
export const CompareSliderIsland = island('compare-slider', CompareSlider);
