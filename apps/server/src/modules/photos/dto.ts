import type { Photo } from '@hearth/contracts';
import { failureForDisplay } from '../enhancement/failure-messages';
import type { PhotoRow } from './repository';

export const photoUrls = (id: string) => ({
  original: `/api/photos/${id}/original`,
  enhanced: `/api/photos/${id}/enhanced`,
  thumbnail: `/api/photos/${id}/thumbnail`,
  download: `/api/photos/${id}/download`,
});

export function toPhoto(row: PhotoRow): Photo {
  const urls = photoUrls(row.id);
  const done = row.status === 'completed' && Boolean(row.enhancedKey);
  return {
    id: row.id,
    projectId: row.projectId,
    fileName: row.fileName,
    status: row.status,
    originalUrl: urls.original,
    enhancedUrl: done ? urls.enhanced : null,
    thumbnailUrl: row.thumbnailKey ? urls.thumbnail : null,
    downloadUrl: done ? urls.download : null,
    prompt: row.prompt,
    templateName: row.templateName,
    engine: row.engine,
    operations: row.operations,
    notes: row.notes,
    needsReview: row.needsReview,
    reviewReason: row.reviewReason,
    error: failureForDisplay(row.error),
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}
