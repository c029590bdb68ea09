import { ChevronsLeftRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../lib/class-names';

interface CompareSliderProps {
  beforeSrc: string;
  afterSrc: string;
  beforeAlt: string;
  afterAlt: string;
  /** Accessible name of the divider, e.g. 'Before and after: kitchen.jpg'. */
  label: string;
  /** Width over height, used until the images tell their own. */
  aspectRatio?: number;
  className?: string;
}

const STEP = 5;
const PAGE_STEP = 20;
const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * A before/after comparison: the "after" photo fills the frame and the "before" photo covers it up to a
 * divider. Drag anywhere with a mouse, pen or finger; with the keyboard the divider is a slider (arrows,
 * Page Up/Down, Home/End).
 */
export function CompareSlider({
  beforeSrc,
  afterSrc,
  beforeAlt,
  afterAlt,
  label,
  aspectRatio = 4 / 3,
  className,
}: CompareSliderProps) {
  const [position, setPosition] = useState(50);
  const [ratio, setRatio] = useState(aspectRatio);
  const frameRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const dragPointer = useRef<number | null>(null);

  const moveTo = (clientX: number) => {
    const rect = frameRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(clamp(((clientX - rect.left) / rect.width) * 100));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    dragPointer.current = event.pointerId;
    event.currentTarget.setPointerCapture(event.pointerId);
    handleRef.current?.focus({ preventScroll: true });
    moveTo(event.clientX);
    // Keeps the browser from starting an image drag or a text selection.
    event.preventDefault();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragPointer.current === event.pointerId) moveTo(event.clientX);
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (dragPointer.current === event.pointerId) dragPointer.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, (p: number) => number> = {
      ArrowLeft: (p) => p - STEP,
      ArrowDown: (p) => p - STEP,
      ArrowRight: (p) => p + STEP,
      ArrowUp: (p) => p + STEP,
      PageDown: (p) => p - PAGE_STEP,
      PageUp: (p) => p + PAGE_STEP,
      Home: () => 0,
      End: () => 100,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setPosition((p) => clamp(move(p)));
  };

  const rounded = Math.round(position);
  return (
    <div
      ref={frameRef}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      // Vertical swipes still scroll the page on touch screens; horizontal ones move the divider.
      style={{ aspectRatio: ratio, maxWidth: `calc(55dvh * ${ratio})` }}
      className={cn(
        'relative mx-auto w-full touch-pan-y overflow-hidden rounded-xl bg-stone-900 select-none',
        className,
      )}
    >
      <img
        src={afterSrc}
        alt={afterAlt}
        draggable={false}
        onLoad={(event) => {
          const { naturalWidth, naturalHeight } = event.currentTarget;
          if (naturalWidth && naturalHeight) setRatio(naturalWidth / naturalHeight);
        }}
        className="absolute inset-0 size-full object-contain"
      />
      <img
        src={beforeSrc}
        alt={beforeAlt}
        draggable={false}
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        className="absolute inset-0 size-full object-contain"
      />
      <span
        aria-hidden
        className="pointer-events-none absolute top-3 left-3 rounded-md bg-stone-950/70 px-2 py-1 text-xs font-semibold text-white"
      >
        Before
      </span>
      <span
        aria-hidden
        className="pointer-events-none absolute top-3 right-3 rounded-md bg-brand-700/90 px-2 py-1 text-xs font-semibold text-white"
      >
        After
      </span>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-y-0 w-0.5 bg-white/90 shadow"
        style={{ left: `${position}%` }}
      />
      <div
        ref={handleRef}
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={`${rounded}% before, ${100 - rounded}% after`}
        onKeyDown={onKeyDown}
        style={{ left: `${position}%` }}
        className="absolute top-1/2 flex size-11 -translate-x-1/2 -translate-y-1/2 cursor-ew-resize items-center justify-center rounded-full border-2 border-white bg-stone-950/60 text-white shadow-lg backdrop-blur-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
      >
        <ChevronsLeftRight aria-hidden className="size-5" />
      </div>
    </div>
  );
}
