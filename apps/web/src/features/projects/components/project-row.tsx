import type { Project } from '@hearth/contracts';
import { ChevronDown, Download, Eye, FolderArchive, Globe, House, ImageOff, LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatDateTime } from '../../../lib/format';
import type { DownloadVersions } from '../api/download-project';
import { isProcessing, progressPercent, progressText, resultSummary, statusLabel } from '../project-progress';
import { retentionBadge, type RetentionBadge } from '../retention';
import { projectThumbnailUrl } from '../thumbnail-url';

const statusTone: Record<Project['status'], BadgeTone> = {
  uploading: 'neutral',
  processing: 'info',
  completed: 'success',
};

const retentionTone: Record<RetentionBadge['tone'], BadgeTone> = {
  notice: 'neutral',
  urgent: 'warning',
  expired: 'danger',
};

interface ProjectRowProps {
  project: Project;
  now: number;
  /** Which download of this project is under way, if any. */
  downloading: DownloadVersions | null;
  onReview: () => void;
  onDownload: (versions: DownloadVersions) => void;
  onDelete: () => void;
  /** Opens the listing: name, address, MLS number, disclosure rules, originals page, 'Download for MLS'. */
  onListing: () => void;
}

/** One project: thumbnail, name, status, progress or results, retention, and its actions (SPEC §2, §4). */
export function ProjectRow({ project, now, downloading, onReview, onDownload, onDelete, onListing }: ProjectRowProps) {
  const processing = isProcessing(project);
  const retention = retentionBadge(project.expiresAt, now);
  const summary = resultSummary(project);
  const titleId = `project-${project.id}-title`;

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
        <Thumbnail project={project} />
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={titleId} className="font-semibold break-words text-stone-900">
              {project.name}
            </h3>
            <Badge tone={statusTone[project.status]}>
              {processing ? <LoaderCircle aria-hidden className="size-3 animate-spin" /> : null}
              {statusLabel(project.status)}
            </Badge>
            {project.publicUrl ? (
              <Badge tone="info" title="Kept while the originals page is published, past the retention period">
                <Globe aria-hidden className="size-3" />
                Published
              </Badge>
            ) : retention ? (
              <Badge tone={retentionTone[retention.tone]} title="Photos are deleted when the retention period ends">
                {retention.label}
              </Badge>
            ) : null}
          </div>
          {project.address || project.mlsNumber ? (
            <p className="text-sm break-words text-stone-700">
              {[project.address, project.mlsNumber ? `MLS #${project.mlsNumber}` : null].filter(Boolean).join(' · ')}
            </p>
          ) : null}
          <p className="text-xs text-stone-500">
            {formatDateTime(project.createdAt)} · {project.totalPhotos} {project.totalPhotos === 1 ? 'photo' : 'photos'}
          </p>
          {processing ? (
            <div className="space-y-1">
              <div className="flex items-center justify-between gap-2 text-xs text-stone-700">
                <span aria-live="polite">{progressText(project)}</span>
                <span className="font-semibold tabular-nums">{progressPercent(project)}%</span>
              </div>
              <ProgressBar
                label={`Progress of ${project.name}`}
                value={progressPercent(project)}
                valueText={progressText(project)}
                className="h-1.5"
              />
            </div>
          ) : null}
          {summary.length > 0 ? (
            <p className="flex flex-wrap gap-x-3 text-xs font-medium">
              {summary.map((part) => (
                <span key={part} className={part.endsWith('need review') ? 'text-red-700' : 'text-emerald-700'}>
                  {part}
                </span>
              ))}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onListing}
          className="flex-1 sm:flex-none"
          aria-describedby={titleId}
        >
          <House aria-hidden className="size-4" />
          Listing
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onReview}
          className="flex-1 sm:flex-none"
          aria-describedby={titleId}
        >
          {/* Phones drop the two icons: with the ZIP menu and Delete the row would be wider than the screen. */}
          <Eye aria-hidden className="size-4 max-sm:hidden" />
          Review
        </Button>
        <DownloadButtons
          projectName={project.name}
          titleId={titleId}
          downloading={downloading}
          onDownload={onDownload}
        />
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          aria-label={`Delete ${project.name}`}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden className="size-4" />
          <span className="hidden xl:inline">Delete</span>
        </Button>
      </div>
    </article>
  );
}

/**
 * 'Download': the chosen version of each photo (one file, or a ZIP of one file per photo); beside it a menu with
 * the second ZIP, 'All versions' (issue 12).
 */
function DownloadButtons({
  projectName,
  titleId,
  downloading,
  onDownload,
}: {
  projectName: string;
  titleId: string;
  downloading: DownloadVersions | null;
  onDownload: (versions: DownloadVersions) => void;
}) {
  const busy = downloading !== null;
  return (
    <div className="flex flex-1 sm:flex-none">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onDownload('chosen')}
        disabled={busy}
        className="flex-1 rounded-r-none sm:flex-none"
        aria-describedby={titleId}
      >
        {busy ? (
          <LoaderCircle aria-hidden className="size-4 animate-spin max-sm:hidden" />
        ) : (
          <Download aria-hidden className="size-4 max-sm:hidden" />
        )}
        Download
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild disabled={busy}>
          {/* Named without the word 'download', so 'Download' keeps naming one button of the row. */}
          <Button
            variant="secondary"
            size="sm"
            aria-label={`More ZIP options for ${projectName}`}
            className="-ml-px rounded-l-none px-2"
          >
            <ChevronDown aria-hidden className="size-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => onDownload('chosen')}>
            <Download aria-hidden className="size-4 text-stone-500" />
            <span className="flex flex-col">
              <span className="font-medium">Chosen versions</span>
              <span className="text-xs text-stone-500">One file per photo</span>
            </span>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onDownload('all')}>
            <FolderArchive aria-hidden className="size-4 text-stone-500" />
            <span className="flex flex-col">
              <span className="font-medium">All versions</span>
              <span className="text-xs text-stone-500">Every version of every photo, as a ZIP</span>
            </span>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function Thumbnail({ project }: { project: Project }) {
  const url = projectThumbnailUrl(project);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) {
    return (
      <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-400 sm:size-20">
        <ImageOff aria-hidden className="size-6" />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      onError={() => setFailedUrl(url)}
      className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover sm:size-20"
    />
  );
}
