import type { Project } from '@hearth/contracts';

type Counts = Pick<Project, 'totalPhotos' | 'processedPhotos' | 'completedPhotos' | 'failedPhotos'>;

/** SPEC §4: 'Starting enhancement...', 'Enhancing photos... N of M processed', 'Finalizing...'. */
export function progressText({ totalPhotos, processedPhotos }: Counts): string {
  if (processedPhotos <= 0) return 'Starting enhancement...';
  if (processedPhotos >= totalPhotos) return 'Finalizing...';
  return `Enhancing photos... ${processedPhotos} of ${totalPhotos} processed`;
}

/** Whole percent of photos processed (completed or failed), 0–100. */
export function progressPercent({ totalPhotos, processedPhotos }: Counts): number {
  if (totalPhotos <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((processedPhotos / totalPhotos) * 100)));
}

/** The counts under a project: 'N enhanced' and, for failed photos, 'N need review' (SPEC §4). */
export function resultSummary({ completedPhotos, failedPhotos }: Counts): string[] {
  const parts: string[] = [];
  if (completedPhotos > 0) parts.push(`${completedPhotos} enhanced`);
  if (failedPhotos > 0) parts.push(`${failedPhotos} need review`);
  return parts;
}

/** The status as the help text names it ('Ready' when complete). */
export function statusLabel(status: Project['status']): string {
  switch (status) {
    case 'uploading':
      return 'Uploading';
    case 'processing':
      return 'Processing';
    case 'completed':
      return 'Ready';
  }
}

export const isProcessing = (project: Pick<Project, 'status'>) => project.status === 'processing';

/** Ids of projects that were processing in `before` and are completed in `after` (SPEC §4 refresh rule). */
export function newlyCompleted(
  before: ReadonlyMap<string, Project['status']>,
  after: ReadonlyArray<Pick<Project, 'id' | 'status'>>,
): string[] {
  return after.filter((p) => p.status === 'completed' && before.get(p.id) === 'processing').map((p) => p.id);
}
