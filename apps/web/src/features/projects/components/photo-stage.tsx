import type { DisclosureProfileId, Photo } from '@hearth/contracts';
import { CircleAlert, ImageOff, LoaderCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/class-names';
import { disclosureOf } from '../disclosure';
import type { StageView } from '../stage-view';
import { PhotoCompare } from './photo-compare';

/** A failed photo the pipeline could not even read has no preview: there is no picture of it to show. */
export const hasNoPicture = (photo: Pick<Photo, 'status' | 'thumbnailUrl'>) =>
  photo.status === 'failed' && photo.thumbnailUrl === null;

const FAILED_FALLBACK = 'This photo could not be enhanced. Its image was given back to your allowance.';

interface PhotoStageProps {
  photo: Photo;
  view: StageView;
  /** The listing's disclosure rules, which name the caption a disclosed result gets. */
  profileId: DisclosureProfileId;
  /** The buttons beside the lines under the picture. */
  actions: ReactNode;
}

/**
 * The large picture of the review: the original against the result on the slider once there is one, the
 * original under a spinner while it is made, and the reason when it failed. Under it the file name, what the
 * result was made with, and its marks.
 */
export function PhotoStage({ photo, view, profileId, actions }: PhotoStageProps) {
  const ratio = photo.width && photo.height ? photo.width / photo.height : undefined;
  // A picture that does not load (gone, or unreadable) is replaced by a plain notice, never a broken image.
  const [brokenKey, setBrokenKey] = useState<string | null>(null);
  const noPicture = hasNoPicture(photo) || (view.status === 'failed' && brokenKey === view.key);
  const pending = view.status === 'waiting' || view.status === 'processing';
  const disclosure = disclosureOf(view.edit, profileId);
  return (
    <div className="space-y-3">
      {noPicture ? (
        <div
          role="status"
          aria-label={`${photo.fileName} could not be read`}
          className="flex flex-col items-center justify-center gap-2 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center text-sm text-red-900"
        >
          <ImageOff aria-hidden className="size-8 text-red-700" />
          <p className="font-semibold">There is no picture of this photo to show.</p>
        </div>
      ) : view.resultUrl ? (
        <PhotoCompare
          key={view.key}
          beforeSrc={photo.originalUrl}
          afterSrc={view.resultUrl}
          beforeAlt={`${photo.fileName} before enhancement`}
          afterAlt={`${photo.fileName} after enhancement`}
          label={`Before and after: ${photo.fileName}`}
          aspectRatio={ratio}
        />
      ) : (
        <div className="relative mx-auto overflow-hidden rounded-xl bg-stone-900">
          <img
            src={photo.originalUrl}
            alt={`${photo.fileName}, original`}
            onError={() => setBrokenKey(view.key)}
            className={cn('mx-auto max-h-[55dvh] w-full object-contain', pending && 'opacity-60')}
          />
          {/* Only the original is there to show: say so, as the slider's badges do. */}
          <span
            aria-hidden
            className="absolute top-3 left-3 rounded-md bg-stone-950/70 px-2 py-1 text-xs font-semibold text-white"
          >
            Original
          </span>
          {pending ? (
            <span
              role="status"
              className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm font-semibold text-white"
            >
              <LoaderCircle aria-hidden className="size-8 animate-spin" />
              {view.versionLabel ? `${view.versionLabel}: ` : ''}
              {view.status === 'processing' ? 'Enhancing...' : 'Waiting to be enhanced...'}
            </span>
          ) : null}
        </div>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold text-stone-900">{photo.fileName}</span>
            {view.versionLabel ? <span className="text-stone-600">{view.versionLabel}</span> : null}
            {view.templateName ? <Badge tone="brand">{view.templateName}</Badge> : null}
            {view.style ? <Badge>{view.style}</Badge> : null}
            {view.chosen ? <Badge tone="success">Chosen</Badge> : null}
            {view.status === 'failed' ? <Badge tone="danger">Failed</Badge> : null}
            {view.needsReview ? <Badge tone="warning">Needs review</Badge> : null}
            {disclosure ? (
              <Badge tone={disclosure.badge === 'Exempt' ? 'success' : 'info'}>{disclosure.badge}</Badge>
            ) : null}
          </p>
          {disclosure ? <p className="text-stone-600">{disclosure.text}</p> : null}
          {view.status === 'failed' ? (
            <p className="flex items-start gap-1.5 text-red-800">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {view.error ?? FAILED_FALLBACK}
            </p>
          ) : null}
          {view.reviewReason ? <p className="text-orange-800">{view.reviewReason}</p> : null}
          {view.notes.map((note) => (
            <p key={note} className="text-stone-600">
              {note}
            </p>
          ))}
          {view.resultUrl ? (
            <p className="text-xs text-stone-500">Drag the divider, or focus it and use the arrow keys, to compare.</p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 sm:max-w-[55%] sm:justify-end">{actions}</div>
      </div>
    </div>
  );
}
