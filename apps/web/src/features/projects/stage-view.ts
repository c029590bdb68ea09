import type { EditClassification, Photo, PhotoVersion } from '@hearth/contracts';

/** What the review's large picture and the lines under it show: the photo itself, or one of its versions. */
export interface StageView {
  /** Changes with the picture shown, so the slider and the broken-image notice start over. */
  key: string;
  status: Photo['status'];
  resultUrl: string | null;
  downloadUrl: string | null;
  templateName: string | null;
  style: string | null;
  needsReview: boolean;
  reviewReason: string | null;
  error: string | null;
  notes: readonly string[];
  /** 'Version 2' once a photo has more than one; null before. */
  versionLabel: string | null;
  /** The version downloads and the ZIP use (marked only while there is a choice). */
  chosen: boolean;
  /** Whether the result shown must be disclosed in a listing; null while there is no result. */
  edit: EditClassification | null;
}

/** The photo as the list gives it: before its versions are loaded, or for a photo that has none. */
export function stageOfPhoto(photo: Photo): StageView {
  return {
    key: photo.id,
    status: photo.status,
    resultUrl: photo.enhancedUrl,
    downloadUrl: photo.downloadUrl,
    templateName: photo.templateName,
    style: photo.style,
    needsReview: photo.needsReview,
    reviewReason: photo.reviewReason,
    error: photo.error,
    notes: photo.notes,
    versionLabel: null,
    chosen: false,
    edit: photo.status === 'completed' ? photo.edit : null,
  };
}

/**
 * One version of the photo. The photo's notes (what the pipeline did to fit it) describe its chosen version, so
 * they are shown with that one only.
 */
export function stageOfVersion(photo: Photo, version: PhotoVersion, versionCount: number): StageView {
  const several = versionCount > 1;
  return {
    key: `${photo.id}:${version.id}`,
    status: version.status,
    resultUrl: version.status === 'completed' ? version.imageUrl : null,
    downloadUrl: version.downloadUrl,
    templateName: version.templateName,
    style: version.style,
    needsReview: version.needsReview,
    reviewReason: version.reviewReason,
    error: version.error,
    // Each version's own notes (a furniture reference it was sent …), else the photo's for its chosen one.
    notes: version.notes ?? (version.id === photo.chosenVersionId ? photo.notes : []),
    versionLabel: several ? `Version ${version.number}` : null,
    chosen: several && version.chosen,
    edit: version.status === 'completed' ? version.edit : null,
  };
}
