import type { Project } from '@hearth/contracts';

/**
 * The thumbnail URL with a version that changes as photos finish: the server lets browsers cache
 * photo files for a few minutes, and the same URL shows the enhanced result once it exists.
 */
export function projectThumbnailUrl(project: Pick<Project, 'thumbnailUrl' | 'status' | 'processedPhotos'>) {
  if (!project.thumbnailUrl) return null;
  const separator = project.thumbnailUrl.includes('?') ? '&' : '?';
  return `${project.thumbnailUrl}${separator}v=${project.status}-${project.processedPhotos}`;
}
