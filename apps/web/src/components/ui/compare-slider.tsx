import { ChevronsLeftRight } from 'lucide-react';
import { useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { cn } from '../../lib/class-names';

/**
 * The two places the slider is shown. `app`: the review dialog, on a dark stage, the divider a dark knob that
 * takes the drag cursor. `landing`: the public page's gallery, on a light page, a white knob and the drag cursor
 * over the whole photo.
 */
const looks = {
  app: {
    frame: 'rounded-xl bg-stone-900',
    badge: 'rounded-md px-2 py-1 text-xs font-semibold text-white',
    before: 'bg-stone-950/70',
    after: 'bg-brand-700/90',
    line: 'bg-white/90 shadow',
    knob: 'size-11 cursor-ew-resize border-2 border-white bg-stone-950/60 text-white backdrop-blur-sm group-focus-visible:outline-3 group-focus-visible:outline-offset-2 group-focus-visible:outline-brand-400',
  },
  landing: {
    frame: 'cursor-ew-resize rounded-2xl bg-stone-200',
    badge: 'rounded-full px-3 py-1 text-xs font-semibold tracking-wide text-white shadow-sm',
    before: 'bg-stone-900/80',
    after: 'bg-brand-700',
    line: 'bg-white shadow-[0_0_6px_rgba(0,0,0,0.45)]',
    knob: 'size-10 bg-white text-stone-800 ring-brand-700 group-focus-visible:ring-4',
  },
} as const;

const KEY_MOVES: Record<string, (position: number) => number> = {
  ArrowLeft: (p) => p - 5,
  ArrowDown: (p) => p - 5,
  ArrowRight: (p) => p + 5,
  ArrowUp: (p) => p + 5,
  PageDown: (p) => p - 20,
  PageUp: (p) => p + 20,
  Home: () => 0,
  End: () => 100,
};

const clamp = (value: number) => Math.min(100, Math.max(0, value));

interface CompareSliderProps {
  /** The "before" picture; it is cut at the divider and covers the "after" picture on its left. */
  before: ReactNode;
  /** The "after" picture, filling the frame. */
  after: ReactNode;
  /** Accessible name of the divider, e.g. 'Before and after: kitchen.jpg'. */
  label: string;
  look?: keyof typeof looks;
  /** Size of the frame, e.g. an aspect ratio. */
  className?: string;
  style?: CSSProperties;
}

/**
 * A before/after comparison: the "after" picture fills the frame and the "before" picture covers it up to a
 * divider. Drag anywhere with a mouse, pen or finger (vertical swipes still scroll the page); with the keyboard
 * the divider is a WAI-ARIA slider (arrows, Page Up/Down, Home/End) whose value is the share showing "before".
 *
 * It renders the same markup on the server as in the browser (no ids, no effects), so the public page can
 * prerender it and hydrate it as an island.
 */
export function CompareSlider({ before, after, label, look = 'app', className, style }: CompareSliderProps) {
  const [position, setPosition] = useState(50);
  const frameRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const dragPointer = useRef<number | null>(null);
  const styles = looks[look];

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
    const move = KEY_MOVES[event.key];
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
      style={style}
      className={cn('relative touch-pan-y overflow-hidden select-none', styles.frame, className)}
    >
      {after}
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
        {before}
      </div>
      <span aria-hidden className={cn('pointer-events-none absolute top-3 left-3', styles.badge, styles.before)}>
        Before
      </span>
      <span aria-hidden className={cn('pointer-events-none absolute top-3 right-3', styles.badge, styles.after)}>
        After
      </span>
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
        className="group absolute inset-y-0 w-11 -translate-x-1/2 outline-none"
      >
        <span
          aria-hidden
          className={cn('pointer-events-none absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2', styles.line)}
        />
        <span
          aria-hidden
          className={cn(
            'absolute top-1/2 left-1/2 flex -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full shadow-lg',
            styles.knob,
          )}
        >
          <ChevronsLeftRight className="size-5" />
        </span>
      </div>
    </div>
  );
}
