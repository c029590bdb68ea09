import { stagingStyleSchema, type Photo, type PhotoVersion } from '@hearth/contracts';
import { classifyEdit } from '../templates/service';
import { failureForDisplay } from './failure-messages';
import type { PhotoRow } from './repository';
import type { VersionRow } from './version-repository';

/**
 * The photo's own URLs follow its chosen version, so they carry it: a browser's cached copy of the
 * thumbnail or result is never the version chosen before.
 */
export const photoUrls = (id: string, chosenVersionId: string | null = null) => {
  const version = chosenVersionId ? `?v=${chosenVersionId}` : '';
  return {
    original: `/api/photos/${id}/original`,
    enhanced: `/api/photos/${id}/enhanced${version}`,
    thumbnail: `/api/photos/${id}/thumbnail${version}`,
    download: `/api/photos/${id}/download${version}`,
  };
};

export const versionUrls = (id: string) => ({
  image: `/api/versions/${id}/image`,
  thumbnail: `/api/versions/${id}/thumbnail`,
  download: `/api/versions/${id}/download`,
});

export function toPhoto(row: PhotoRow): Photo {
  const urls = photoUrls(row.id, row.chosenVersionId);
  // A chosen version stays downloadable while another one is being made.
  const done = Boolean(row.chosenVersionId && row.enhancedKey);
  return {
    id: row.id,
    projectId: row.projectId,
    fileName: row.fileName,
    room: row.room,
    status: row.status,
    originalUrl: urls.original,
    enhancedUrl: done ? urls.enhanced : null,
    thumbnailUrl: row.thumbnailKey || done ? urls.thumbnail : null,
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
    chosenVersionId: row.chosenVersionId,
    style: row.style,
    versionCount: row.versionCount,
    // The photo's own template and instructions mirror its chosen (else newest) version's (decision 014).
    edit: row.versionCount > 0 ? classifyEdit(row) : null,
  };
}

export function toVersion(row: VersionRow, chosenVersionId: string | null): PhotoVersion {
  const urls = versionUrls(row.id);
  const done = row.status === 'completed' && Boolean(row.resultKey);
  const style = stagingStyleSchema.safeParse(row.style);
  return {
    id: row.id,
    photoId: row.photoId,
    number: row.number,
    status: row.status,
    chosen: row.id === chosenVersionId,
    templateId: row.templateId,
    templateName: row.templateName,
    style: style.success ? style.data : null,
    instructions: row.customPrompt,
    prompt: row.prompt,
    engine: row.engine,
    provider: row.provider,
    model: row.model,
    costUsd: row.providerUsage?.costUsd ?? null,
    resolution: row.providerResolution ?? null,
    needsReview: row.needsReview,
    reviewReason: row.reviewReason,
    referenceVersionId: row.referenceVersionId,
    notes: row.notes,
    error: failureForDisplay(row.error),
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    imageUrl: done ? urls.image : null,
    thumbnailUrl: done ? urls.thumbnail : null,
    downloadUrl: done ? urls.download : null,
    edit: classifyEdit(row),
    baseVersionId: row.baseVersionId,
  };
}
