import type { Photo, Project } from '@hearth/contracts';
import { CircleAlert, Download, ImageOff, LoaderCircle, Maximize2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorStatus, isUnauthorizedError } from '../../../lib/api-client';
import { cn } from '../../../lib/class-names';
import { redirectToLogin } from '../../../lib/login-redirect';
import { useProjectPhotos } from '../api/get-project-photos';
import { isProcessing, progressText, resultSummary } from '../project-progress';
import { FullSizeImageDialog } from './full-size-image-dialog';
import { PhotoCompare } from './photo-compare';

interface ProjectReviewDialogProps {
  project: Project | null;
  onOpenChange: (open: boolean) => void;
  onDownloadAll: (project: Project) => void;
  downloadingAll: boolean;
}

/** SPEC §2 project review dialog: every photo of a project, each compared before/after. */
export function ProjectReviewDialog({
  project,
  onOpenChange,
  onDownloadAll,
  downloadingAll,
}: ProjectReviewDialogProps) {
  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      {project ? (
        <DialogContent
          title={project.name}
          description={isProcessing(project) ? progressText(project) : summaryLine(project)}
          className="sm:max-w-3xl lg:max-w-5xl"
        >
          <ReviewBody project={project} onDownloadAll={onDownloadAll} downloadingAll={downloadingAll} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function summaryLine(project: Project) {
  const parts = resultSummary(project);
  return parts.length ? parts.join(' · ') : 'No photos in this project.';
}

function ReviewBody({
  project,
  onDownloadAll,
  downloadingAll,
}: Pick<ProjectReviewDialogProps, 'onDownloadAll' | 'downloadingAll'> & { project: Project }) {
  const photosQuery = useProjectPhotos(project.id, { processing: isProcessing(project) });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [fullSize, setFullSize] = useState<Photo | null>(null);
  useEffect(() => {
    if (isUnauthorizedError(photosQuery.error)) redirectToLogin();
  }, [photosQuery.error]);

  if (photosQuery.error) {
    const status = errorStatus(photosQuery.error);
    return (
      <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">
          {status === 404 || status === 403 ? 'Failed to access project photos' : 'Failed to load project photos'}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void photosQuery.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!photosQuery.data) return <Spinner className="py-16" label="Loading photos" />;

  const photos = photosQuery.data;
  if (photos.length === 0) return <p className="text-sm text-stone-600">No photos in this project.</p>;
  const selected = photos.find((p) => p.id === selectedId) ?? photos[0]!;

  return (
    <div className="space-y-4">
      <PhotoStage photo={selected} onFullSize={() => setFullSize(selected)} />

      {photos.length > 1 ? (
        <ul aria-label="Photos in this project" className="-mx-1 flex gap-2 overflow-x-auto p-1">
          {photos.map((photo) => (
            <li key={photo.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelectedId(photo.id)}
                aria-current={photo.id === selected.id ? 'true' : undefined}
                aria-label={`${photo.fileName}, ${photoStatusText(photo)}`}
                className={cn(
                  'relative block size-16 overflow-hidden rounded-lg ring-2 transition sm:size-20',
                  photo.id === selected.id ? 'ring-brand-600' : 'ring-transparent hover:ring-stone-300',
                )}
              >
                {hasNoPicture(photo) ? (
                  <span className="flex size-full items-start justify-center bg-red-50 pt-2 text-red-700">
                    <ImageOff aria-hidden className="size-5" />
                  </span>
                ) : (
                  <img
                    src={photo.thumbnailUrl ?? photo.originalUrl}
                    alt=""
                    loading="lazy"
                    className="size-full object-cover"
                  />
                )}
                {photo.status === 'failed' ? (
                  <span className="absolute inset-x-0 bottom-0 bg-red-700/90 text-[10px] font-semibold text-white">
                    Failed
                  </span>
                ) : photo.status !== 'completed' ? (
                  <span className="absolute inset-0 flex items-center justify-center bg-stone-950/40 text-white">
                    <LoaderCircle aria-hidden className="size-5 animate-spin" />
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {/* Pinned to the dialog's bottom edge (over its padding) so the download never scrolls out of view. A sticky
          box keeps clear of its scroller's padding, so its offset is minus that padding: at bottom-0 it would sit
          over the last line of the content. */}
      <div
        data-testid="review-actions"
        className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-col-reverse gap-2 border-t border-stone-200 bg-white px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6"
      >
        <Button
          variant="primary"
          onClick={() => onDownloadAll(project)}
          disabled={downloadingAll}
          className="w-full sm:w-auto"
        >
          {downloadingAll ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden className="size-4" />
          )}
          {project.completedPhotos > 1 ? 'Download all (ZIP)' : 'Download'}
        </Button>
      </div>

      <FullSizeImageDialog photo={fullSize} onOpenChange={(open) => !open && setFullSize(null)} />
    </div>
  );
}

function photoStatusText(photo: Photo) {
  if (photo.status === 'completed') return photo.needsReview ? 'enhanced, needs review' : 'enhanced';
  if (photo.status === 'failed') return 'failed';
  return photo.status === 'processing' ? 'enhancing' : 'waiting';
}

/** A failed photo the pipeline could not even read has no preview: there is no picture of it to show. */
const hasNoPicture = (photo: Photo) => photo.status === 'failed' && photo.thumbnailUrl === null;

const FAILED_FALLBACK = 'This photo could not be enhanced. Its image was given back to your allowance.';

function PhotoStage({ photo, onFullSize }: { photo: Photo; onFullSize: () => void }) {
  const ratio = photo.width && photo.height ? photo.width / photo.height : undefined;
  // A picture that does not load (gone, or unreadable) is replaced by a plain notice, never a broken image.
  const [brokenId, setBrokenId] = useState<string | null>(null);
  const noPicture = hasNoPicture(photo) || (photo.status === 'failed' && brokenId === photo.id);
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
      ) : photo.enhancedUrl ? (
        <PhotoCompare
          key={photo.id}
          beforeSrc={photo.originalUrl}
          afterSrc={photo.enhancedUrl}
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
            onError={() => setBrokenId(photo.id)}
            className={cn('mx-auto max-h-[55dvh] w-full object-contain', photo.status !== 'failed' && 'opacity-60')}
          />
          {photo.status !== 'failed' ? (
            <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm font-semibold text-white">
              <LoaderCircle aria-hidden className="size-8 animate-spin" />
              {photo.status === 'processing' ? 'Enhancing...' : 'Waiting to be enhanced...'}
            </span>
          ) : null}
        </div>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold text-stone-900">{photo.fileName}</span>
            {photo.templateName ? <Badge tone="brand">{photo.templateName}</Badge> : null}
            {photo.status === 'failed' ? <Badge tone="danger">Failed</Badge> : null}
            {photo.needsReview ? <Badge tone="warning">Needs review</Badge> : null}
          </p>
          {photo.status === 'failed' ? (
            <p className="flex items-start gap-1.5 text-red-800">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {photo.error ?? FAILED_FALLBACK}
            </p>
          ) : null}
          {photo.reviewReason ? <p className="text-orange-800">{photo.reviewReason}</p> : null}
          {photo.notes.map((note) => (
            <p key={note} className="text-stone-600">
              {note}
            </p>
          ))}
          {photo.enhancedUrl ? (
            <p className="text-xs text-stone-500">Drag the divider, or focus it and use the arrow keys, to compare.</p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-2">
          {noPicture ? null : (
            <Button variant="secondary" size="sm" onClick={onFullSize}>
              <Maximize2 aria-hidden className="size-4" />
              Full size
            </Button>
          )}
          {photo.downloadUrl ? (
            <a href={photo.downloadUrl} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              <Download aria-hidden className="size-4" />
              Download photo
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}
