import type { Photo, PhotoVersion } from '@hearth/contracts';
import { Brush, Eraser, LoaderCircle, Trash2, Undo2, WandSparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type PointerEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { isUnauthorizedError } from '../../../lib/api-client';
import { cn } from '../../../lib/class-names';
import { imageCostText } from '../../../lib/image-cost';
import { redirectToLogin } from '../../../lib/login-redirect';
import { showToast } from '../../../lib/toast';
import { useCreateAreaEdit } from '../api/create-area-edit';
import {
  areaEditBlocker,
  BRUSH_SIZES,
  brushDiameter,
  drawStrokes,
  maskSize,
  paintsSomething,
  toMaskPoint,
  type BrushMode,
  type Stroke,
} from '../area-brush';
import { generateFailure, type GenerateAgainOptions } from '../generate-again';

const MAX_INSTRUCTIONS = 2000;

interface AreaEditFormProps {
  photo: Photo;
  /** The finished version painted over; the new version is made from it. */
  base: PhotoVersion;
  options: GenerateAgainOptions;
  onCreated: (versions: PhotoVersion[]) => void;
  onCancel: () => void;
}

/**
 * 'Edit an area' (issue 13): the version with a brush over it (size, eraser, undo, clear) to paint what should
 * change, and an instruction. Mouse, pen and touch paint alike (pointer events; the canvas takes no touch
 * scrolling). Only the painted area changes: everything outside it stays exactly as it is in the version.
 */
export function AreaEditForm({ photo, base, options, onCreated, onCancel }: AreaEditFormProps) {
  const id = useId();
  const size = maskSize(base.width ?? photo.width ?? 1600, base.height ?? photo.height ?? 1067);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Stroke | null>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [mode, setMode] = useState<BrushMode>('paint');
  const [brush, setBrush] = useState(BRUSH_SIZES.initial);
  const [instructions, setInstructions] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateAreaEdit(photo.projectId);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) drawStrokes(context, strokes, size.width, size.height);
  }, [strokes, size.width, size.height]);

  const redraw = (next: Stroke[]) => {
    const context = canvas.current?.getContext('2d');
    if (context) drawStrokes(context, next, size.width, size.height);
  };

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) =>
    toMaskPoint({ x: event.clientX, y: event.clientY }, event.currentTarget.getBoundingClientRect(), size);

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (create.isPending || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setProblem(null);
    drawing.current = { mode, size: brushDiameter(brush, size.width), points: [pointAt(event)] };
    redraw([...strokes, drawing.current]);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    event.preventDefault();
    drawing.current.points.push(pointAt(event));
    redraw([...strokes, drawing.current]);
  };
  const end = () => {
    const stroke = drawing.current;
    drawing.current = null;
    if (stroke) setStrokes((current) => [...current, stroke]);
  };

  const painted = () => {
    const context = canvas.current?.getContext('2d');
    return Boolean(context && paintsSomething(context.getImageData(0, 0, size.width, size.height).data));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const missing = areaEditBlocker({ painted: painted(), instructions }) ?? options.blockedReason;
    if (missing) return setProblem(missing);
    const quota = options.checkQuota(1);
    if (quota) return showToast({ variant: 'destructive', title: quota.title, description: quota.description });
    create.mutate(
      {
        photoId: photo.id,
        versionId: base.id,
        request: { instructions: instructions.trim(), mask: canvas.current!.toDataURL('image/png') },
      },
      {
        onSuccess: ({ versions }) => {
          options.onImagesChanged();
          onCreated(versions);
        },
        onError: (error) => {
          if (isUnauthorizedError(error)) return redirectToLogin();
          const failure = generateFailure(error);
          if (failure.kind === 'toast') {
            showToast({ variant: 'destructive', title: failure.title, description: failure.description });
          } else {
            setProblem(failure.message);
          }
          options.onImagesChanged();
        },
      },
    );
  };

  const busy = create.isPending;
  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border border-stone-200 bg-stone-50/60 p-4"
    >
      <div className="space-y-0.5">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-stone-900">
          Edit an area
        </h3>
        <p className="text-xs text-stone-600">
          Paint over what should change in version {base.number}, then say what to do. Everything outside the painted
          area stays exactly as it is.
        </p>
      </div>

      <div
        className="relative mx-auto w-full overflow-hidden rounded-lg bg-stone-900"
        style={{ aspectRatio: `${size.width} / ${size.height}`, maxWidth: `calc(60dvh * ${size.width / size.height})` }}
      >
        <img
          src={base.imageUrl ?? undefined}
          alt={`${photo.fileName}, version ${base.number}`}
          draggable={false}
          className="absolute inset-0 size-full object-contain select-none"
        />
        <canvas
          ref={canvas}
          width={size.width}
          height={size.height}
          role="img"
          aria-label="Painted area"
          data-testid="area-edit-canvas"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          className={cn('absolute inset-0 size-full opacity-55', mode === 'erase' ? 'cursor-cell' : 'cursor-crosshair')}
          style={{ touchAction: 'none' }}
        />
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label="Brush or eraser" className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={mode === 'paint'}
            className="aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
            onClick={() => setMode('paint')}
            disabled={busy}
          >
            <Brush aria-hidden className="size-4" />
            Brush
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={mode === 'erase'}
            className="aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
            onClick={() => setMode('erase')}
            disabled={busy}
          >
            <Eraser aria-hidden className="size-4" />
            Eraser
          </Button>
        </div>
        <div className="min-w-40 flex-1 space-y-1">
          <Label htmlFor={`${id}-size`}>Brush size</Label>
          <input
            id={`${id}-size`}
            type="range"
            min={BRUSH_SIZES.min}
            max={BRUSH_SIZES.max}
            value={brush}
            onChange={(event) => setBrush(Number(event.target.value))}
            disabled={busy}
            aria-valuetext={`${brush}% of the picture's width`}
            className="block h-11 w-full accent-brand-700"
          />
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setStrokes((current) => current.slice(0, -1))}
            disabled={busy || strokes.length === 0}
          >
            <Undo2 aria-hidden className="size-4" />
            Undo
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setStrokes([])} disabled={busy || strokes.length === 0}>
            <Trash2 aria-hidden className="size-4" />
            Clear
          </Button>
        </div>
      </div>

      <div className="space-y-1.5">
        <Label htmlFor={`${id}-instructions`}>What to do in the painted area</Label>
        <Textarea
          id={`${id}-instructions`}
          rows={2}
          value={instructions}
          maxLength={MAX_INSTRUCTIONS}
          disabled={busy}
          placeholder="e.g. Remove the floor lamp, or replace the sofa with a dark leather one"
          onChange={(event) => {
            setProblem(null);
            setInstructions(event.target.value);
          }}
        />
      </div>

      {problem ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {problem}
        </p>
      ) : null}

      <div className="flex flex-col gap-3 border-t border-stone-200 pt-3 sm:flex-row sm:items-center sm:justify-between">
        <p id={`${id}-cost`} aria-live="polite" className="text-sm text-stone-700">
          {imageCostText(1, 1)} A version that fails uses nothing.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" size="sm" aria-describedby={`${id}-cost`} disabled={busy}>
            {busy ? (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            ) : (
              <WandSparkles aria-hidden className="size-4" />
            )}
            Edit area
          </Button>
        </div>
      </div>
    </form>
  );
}
