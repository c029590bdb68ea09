import { FileImage, ImagePlus, LoaderCircle, TriangleAlert, Wand2, X } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/class-names';
import { FILE_INPUT_ACCEPT } from '../file-selection';
import { isLargeBatch } from '../process-readiness';
import type { SelectedPhoto } from '../use-photo-selection';

interface UploadCardProps {
  photos: readonly SelectedPhoto[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onClear: () => void;
  /** Uploading is not allowed at all (no trial, expired, canceled, overdue). */
  locked: boolean;
  /** Templates and custom instructions, shown between the photos and the button. */
  options: ReactNode;
  onProcess: () => void;
  processing: boolean;
  /** What is still missing before Process Photos can run; null when it can. */
  blocker: string | null;
  /** What the batch will use of the allowance, said before the user commits; `warning` when it is more than is left. */
  cost: { text: string; warning: boolean } | null;
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** SPEC §2 upload card: drop or choose photos, see them, pick what to do, Process Photos. */
export function UploadCard({
  photos,
  onAdd,
  onRemove,
  onClear,
  locked,
  options,
  onProcess,
  processing,
  blocker,
  cost,
}: UploadCardProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-process-hint`;
  const [dragging, setDragging] = useState(false);
  const inactive = locked || processing;

  const onDragOver = (event: DragEvent) => {
    if (inactive || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!inactive) onAdd([...event.dataTransfer.files]);
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Upload photos</CardTitle>
        <CardDescription>
          JPG, PNG, HEIC, WEBP, GIF, BMP or TIFF, up to 25 MB each and 30 at a time. Each batch becomes a project.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
            dragging ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-stone-50/60',
            locked && 'opacity-60',
          )}
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-stone-200">
            <ImagePlus aria-hidden className="size-6" />
          </span>
          <p className="text-sm text-stone-700">
            <span className="hidden sm:inline">Drag and drop listing photos here, or</span>
            <span className="sm:hidden">Add listing photos from your device</span>
          </p>
          <input
            id={inputId}
            type="file"
            multiple
            accept={FILE_INPUT_ACCEPT}
            disabled={inactive}
            className="peer sr-only"
            onChange={(event) => {
              onAdd([...(event.target.files ?? [])]);
              // The same file can be chosen again after it was removed.
              event.target.value = '';
            }}
          />
          <label
            htmlFor={inputId}
            className={cn(
              'inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 shadow-sm',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
              inactive ? 'cursor-not-allowed opacity-55' : 'cursor-pointer hover:bg-stone-50',
            )}
          >
            Choose photos
          </label>
        </div>

        {photos.length > 0 ? (
          <div className="space-y-3">
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-semibold text-stone-900" aria-live="polite">
                {photos.length} {photos.length === 1 ? 'photo' : 'photos'} selected
              </p>
              <Button variant="ghost" size="sm" onClick={onClear} disabled={processing} className="h-8">
                Clear all
              </Button>
            </div>
            {isLargeBatch(photos.length) ? (
              <p
                role="status"
                className="flex items-center gap-2 rounded-lg border border-orange-200 bg-orange-50 px-3 py-2 text-sm text-orange-900"
              >
                <TriangleAlert aria-hidden className="size-4 shrink-0" />
                Large batch - may take several minutes
              </p>
            ) : null}
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5">
              {photos.map((photo) => (
                <li key={photo.id}>
                  <PhotoPreview photo={photo} onRemove={() => onRemove(photo.id)} disabled={processing} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {options}

        <div className="flex flex-col gap-2 border-t border-stone-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p
            id={hintId}
            aria-live="polite"
            className={cn(
              'text-sm',
              !processing && !blocker && cost?.warning ? 'font-medium text-orange-800' : 'text-stone-600',
            )}
          >
            {processing ? 'Uploading your photos...' : (blocker ?? cost?.text ?? 'Ready when you are.')}
          </p>
          <Button
            size="lg"
            onClick={onProcess}
            disabled={processing || blocker !== null}
            aria-describedby={hintId}
            className="w-full sm:w-auto"
          >
            {processing ? (
              <LoaderCircle aria-hidden className="size-5 animate-spin" />
            ) : (
              <Wand2 aria-hidden className="size-5" />
            )}
            Process Photos
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function PhotoPreview({
  photo,
  onRemove,
  disabled,
}: {
  photo: SelectedPhoto;
  onRemove: () => void;
  disabled: boolean;
}) {
  // Browsers other than Safari cannot draw HEIC and some TIFFs: show a file tile instead.
  const [broken, setBroken] = useState(false);
  return (
    <figure className="group relative overflow-hidden rounded-lg border border-stone-200 bg-stone-100">
      {broken ? (
        <div className="flex aspect-square flex-col items-center justify-center gap-1 p-2 text-stone-500">
          <FileImage aria-hidden className="size-6" />
          <span className="text-[11px] font-medium uppercase">{photo.file.name.split('.').pop()}</span>
        </div>
      ) : (
        <img
          src={photo.previewUrl}
          alt=""
          onError={() => setBroken(true)}
          className="aspect-square w-full object-cover"
        />
      )}
      <figcaption className="truncate px-1.5 py-1 text-[11px] text-stone-700" title={photo.file.name}>
        {photo.file.name}
        <span className="sr-only">, {formatSize(photo.file.size)}</span>
      </figcaption>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${photo.file.name}`}
        className="absolute top-1 right-1 flex size-7 items-center justify-center rounded-full bg-stone-950/70 text-white hover:bg-stone-950 disabled:opacity-50"
      >
        <X aria-hidden className="size-4" />
      </button>
    </figure>
  );
}
