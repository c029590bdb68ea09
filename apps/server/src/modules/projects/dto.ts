import type { Project } from '@hearth/contracts';
import type { ProjectRow } from './repository';

export function toProject(row: ProjectRow, firstPhotoId: string | null): Project {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    totalPhotos: row.totalPhotos,
    processedPhotos: row.processedPhotos,
    completedPhotos: row.completedPhotos,
    failedPhotos: row.failedPhotos,
    reviewPhotos: row.reviewPhotos,
    thumbnailUrl: firstPhotoId ? `/api/photos/${firstPhotoId}/thumbnail` : null,
  };
}
