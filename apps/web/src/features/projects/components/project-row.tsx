import type { Project } from '@hearth/contracts';
import { Download, Eye, ImageOff, LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatDateTime } from '../../../lib/format';
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
  downloading: boolean;
  onReview: () => void;
  onDownload: () => void;
  onDelete: () => void;
}

/** One project: thumbnail, name, status, progress or results, retention, and its actions (SPEC §2, §4). */
export function ProjectRow({ project, now, downloading, onReview, onDownload, onDelete }: ProjectRowProps) {
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
            {retention ? (
              <Badge tone={retentionTone[retention.tone]} title="Photos are deleted when the retention period ends">
                {retention.label}
              </Badge>
            ) : null}
          </div>
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
          onClick={onReview}
          className="flex-1 sm:flex-none"
          aria-describedby={titleId}
        >
          <Eye aria-hidden className="size-4" />
          Review
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onDownload}
          disabled={downloading}
          className="flex-1 sm:flex-none"
          aria-describedby={titleId}
        >
          {downloading ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden className="size-4" />
          )}
          Download
        </Button>
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
