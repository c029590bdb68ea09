import type { DisclosureProfileId, Photo, Project } from '@hearth/contracts';
import { Brush, Download, FolderArchive, ImageOff, LoaderCircle, Maximize2, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, errorStatus, isUnauthorizedError } from '../../../lib/api-client';
import { cn } from '../../../lib/class-names';
import { redirectToLogin } from '../../../lib/login-redirect';
import { showToast } from '../../../lib/toast';
import { useChooseVersion } from '../api/choose-version';
import type { DownloadVersions } from '../api/download-project';
import { useProjectPhotos } from '../api/get-project-photos';
import { usePhotoVersions } from '../api/get-photo-versions';
import type { GenerateAgainOptions } from '../generate-again';
import { isProcessing, progressText, resultSummary } from '../project-progress';
import { stageOfPhoto, stageOfVersion } from '../stage-view';
import { useRefreshOnVersionsSettled } from '../use-refresh-on-versions-settled';
import { initialVersionId } from '../versions';
import { AreaEditForm } from './area-edit-form';
import { FullSizeImageDialog, type FullSizeImage } from './full-size-image-dialog';
import { GenerateAgainForm } from './generate-again-form';
import { RoomField } from './room-field';
import { hasNoPicture, PhotoStage } from './photo-stage';
import { VersionStrip } from './version-strip';

interface ProjectReviewDialogProps {
  project: Project | null;
  onOpenChange: (open: boolean) => void;
  onDownload: (project: Project, versions: DownloadVersions) => void;
  /** Which download of this project is under way, if any. */
  downloading: DownloadVersions | null;
  generate: GenerateAgainOptions;
}

/**
 * SPEC §2 project review dialog: every photo of a project, each compared before/after; and for the photo under
 * review its versions, which one is used, and 'Generate again' (issue 12).
 */
export function ProjectReviewDialog({ project, onOpenChange, ...rest }: ProjectReviewDialogProps) {
  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      {project ? (
        <DialogContent
          title={project.name}
          description={isProcessing(project) ? progressText(project) : summaryLine(project)}
          className="sm:max-w-3xl lg:max-w-5xl"
        >
          <ReviewBody project={project} {...rest} />
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
  onDownload,
  downloading,
  generate,
}: Omit<ProjectReviewDialogProps, 'project' | 'onOpenChange'> & { project: Project }) {
  const photosQuery = useProjectPhotos(project.id, { processing: isProcessing(project) });
  const [selectedId, setSelectedId] = useState<string | null>(null);
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
  const severalVersions = photos.some((p) => p.versionCount > 1);

  return (
    <div className="space-y-5">
      <PhotoReview
        key={selected.id}
        photo={selected}
        profileId={project.disclosureProfile}
        keepFurnitureConsistent={project.keepFurnitureConsistent}
        generate={generate}
      />

      {photos.length > 1 ? <PhotoStrip photos={photos} selectedId={selected.id} onSelect={setSelectedId} /> : null}

      {/* Pinned to the dialog's bottom edge (over its padding) so the download never scrolls out of view. A sticky
          box keeps clear of its scroller's padding, so its offset is minus that padding: at bottom-0 it would sit
          over the last line of the content. */}
      <div
        data-testid="review-actions"
        className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-col-reverse gap-2 border-t border-stone-200 bg-white px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6"
      >
        {severalVersions ? (
          <Button
            variant="secondary"
            onClick={() => onDownload(project, 'all')}
            disabled={downloading !== null}
            className="w-full sm:w-auto"
          >
            {downloading === 'all' ? (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            ) : (
              <FolderArchive aria-hidden className="size-4" />
            )}
            All versions (ZIP)
          </Button>
        ) : null}
        <Button
          variant="primary"
          onClick={() => onDownload(project, 'chosen')}
          disabled={downloading !== null}
          className="w-full sm:w-auto"
        >
          {downloading === 'chosen' ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden className="size-4" />
          )}
          {project.completedPhotos > 1 ? 'Download all (ZIP)' : 'Download'}
        </Button>
      </div>
    </div>
  );
}

/** One photo: its picture, its versions and what can be done with them. */
function PhotoReview({
  photo,
  profileId,
  keepFurnitureConsistent,
  generate,
}: {
  photo: Photo;
  profileId: DisclosureProfileId;
  /** 'Keep furniture consistent' is on: each photo's Room can be named. */
  keepFurnitureConsistent: boolean;
  generate: GenerateAgainOptions;
}) {
  const versionsQuery = usePhotoVersions(photo.projectId, photo.id);
  const versions = versionsQuery.data;
  useRefreshOnVersionsSettled(photo.projectId, versions, generate.onImagesChanged);
  const choose = useChooseVersion(photo.projectId);
  const [pickedId, setPickedId] = useState<string | null>(null);
  // One form at a time under the picture: 'Generate again' or 'Edit an area'.
  const [panel, setPanel] = useState<'generate' | 'area' | null>(null);
  const formOpen = panel === 'generate';
  const areaOpen = panel === 'area';
  const [fullSize, setFullSize] = useState<FullSizeImage | null>(null);
  const generateButton = useRef<HTMLButtonElement>(null);
  const areaButton = useRef<HTMLButtonElement>(null);
  const formBox = useRef<HTMLDivElement>(null);
  // The form opens under the picture: bring it into view, clear of the pinned download bar (its scroll margin).
  useEffect(() => {
    if (panel) formBox.current?.scrollIntoView({ block: 'nearest' });
  }, [panel]);
  const formId = `generate-again-${photo.id}`;
  const areaFormId = `edit-area-${photo.id}`;

  const list = versions ?? [];
  const shownId = list.some((v) => v.id === pickedId) ? pickedId : initialVersionId(photo, list);
  const version = list.find((v) => v.id === shownId) ?? null;
  const view = version ? stageOfVersion(photo, version, list.length) : stageOfPhoto(photo);
  const several = list.length > 1;

  const closeForm = () => {
    const opener = panel === 'area' ? areaButton : generateButton;
    setPanel(null);
    // The form's buttons are gone: the keyboard continues from the button that opened it.
    requestAnimationFrame(() => opener.current?.focus());
  };
  // An area is painted over a finished version with a picture; the edit needs the AI provider.
  const editable = version?.status === 'completed' && Boolean(version.imageUrl) && generate.customInstructionsAvailable;

  const useVersion = () => {
    if (!version) return;
    choose.mutate(
      { photoId: photo.id, versionId: version.id },
      {
        onSuccess: () =>
          showToast({
            title: 'Version chosen',
            description: `Downloads of ${photo.fileName} now use version ${version.number}.`,
          }),
        onError: (error) => {
          if (isUnauthorizedError(error)) return redirectToLogin();
          showToast({
            variant: 'destructive',
            title: 'Could not use this version',
            description: errorMessage(error) ?? 'Please try again.',
          });
        },
      },
    );
  };

  const actions = (
    <>
      {hasNoPicture(photo) ? null : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            setFullSize({
              key: view.key,
              fileName: photo.fileName,
              originalUrl: photo.originalUrl,
              enhancedUrl: view.resultUrl,
            })
          }
        >
          <Maximize2 aria-hidden className="size-4" />
          Full size
        </Button>
      )}
      {view.status === 'completed' && view.downloadUrl ? (
        <a href={view.downloadUrl} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <Download aria-hidden className="size-4" />
          {version && several ? `Download version ${version.number}` : 'Download photo'}
        </a>
      ) : null}
      {version && several && version.status === 'completed' && !version.chosen ? (
        <Button variant="primary" size="sm" onClick={useVersion} disabled={choose.isPending}>
          {choose.isPending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          Use this version
        </Button>
      ) : null}
      {hasNoPicture(photo) ? null : (
        <Button
          ref={generateButton}
          variant="secondary"
          size="sm"
          className="aria-expanded:border-brand-600 aria-expanded:bg-brand-50"
          aria-expanded={formOpen}
          aria-controls={formOpen ? formId : undefined}
          disabled={versions === undefined || generate.templates === undefined}
          onClick={() => setPanel((open) => (open === 'generate' ? null : 'generate'))}
        >
          <RefreshCw aria-hidden className="size-4" />
          Generate again
        </Button>
      )}
      {editable ? (
        <Button
          ref={areaButton}
          variant="secondary"
          size="sm"
          className="aria-expanded:border-brand-600 aria-expanded:bg-brand-50"
          aria-expanded={areaOpen}
          aria-controls={areaOpen ? areaFormId : undefined}
          onClick={() => setPanel((open) => (open === 'area' ? null : 'area'))}
        >
          <Brush aria-hidden className="size-4" />
          Edit an area
        </Button>
      ) : null}
    </>
  );

  return (
    <div className="space-y-4">
      <PhotoStage photo={photo} view={view} profileId={profileId} actions={actions} />

      {keepFurnitureConsistent || photo.room ? <RoomField key={photo.id} photo={photo} /> : null}

      {formOpen ? (
        <div id={formId} ref={formBox} className="scroll-mb-28">
          <GenerateAgainForm
            photo={photo}
            base={version}
            profileId={profileId}
            options={generate}
            onCancel={closeForm}
            onCreated={(created) => {
              if (created[0]) setPickedId(created[0].id);
              closeForm();
            }}
          />
        </div>
      ) : null}

      {areaOpen && version && editable ? (
        <div id={areaFormId} ref={formBox} className="scroll-mb-28">
          <AreaEditForm
            key={version.id}
            photo={photo}
            base={version}
            options={generate}
            onCancel={closeForm}
            onCreated={(created) => {
              if (created[0]) setPickedId(created[0].id);
              closeForm();
            }}
          />
        </div>
      ) : null}

      {several ? <VersionStrip photo={photo} versions={list} selectedId={shownId} onSelect={setPickedId} /> : null}

      <FullSizeImageDialog photo={fullSize} onOpenChange={(open) => !open && setFullSize(null)} />
    </div>
  );
}

function PhotoStrip({
  photos,
  selectedId,
  onSelect,
}: {
  photos: readonly Photo[];
  selectedId: string;
  onSelect: (photoId: string) => void;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="text-sm font-semibold text-stone-900">
        Photos <span className="font-normal text-stone-500">({photos.length})</span>
      </h3>
      <ul aria-label="Photos in this project" className="-mx-1 flex gap-2 overflow-x-auto p-1">
        {photos.map((photo) => (
          <li key={photo.id} className="shrink-0">
            <button
              type="button"
              onClick={() => onSelect(photo.id)}
              aria-current={photo.id === selectedId ? 'true' : undefined}
              aria-label={`${photo.fileName}, ${photoStatusText(photo)}`}
              className={cn(
                'relative block size-16 overflow-hidden rounded-lg ring-2 transition sm:size-20',
                photo.id === selectedId ? 'ring-brand-600' : 'ring-transparent hover:ring-stone-300',
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
    </section>
  );
}

function photoStatusText(photo: Photo) {
  const versions = photo.versionCount > 1 ? `, ${photo.versionCount} versions` : '';
  if (photo.status === 'completed') return (photo.needsReview ? 'enhanced, needs review' : 'enhanced') + versions;
  if (photo.status === 'failed') return 'failed' + versions;
  return (photo.status === 'processing' ? 'enhancing' : 'waiting') + versions;
}
