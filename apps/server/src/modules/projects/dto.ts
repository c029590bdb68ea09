import { disclosureProfileIdSchema, type Project } from '@hearth/contracts';
import type { ProjectRow } from './repository';

export function toProject(row: ProjectRow): Project {
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
    // The cover shows its chosen version, which may change: the URL changes with the project (see photos).
    address: row.address,
    mlsNumber: row.mlsNumber,
    // A profile id dropped from the catalogue falls back to Generic rather than breaking the list.
    disclosureProfile: disclosureProfileIdSchema.catch('generic').parse(row.disclosureProfile),
    publicUrl: row.publicToken ? publicListingPath(row.publicToken) : null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    keepFurnitureConsistent: row.keepFurnitureConsistent,
    thumbnailUrl: row.coverPhotoId ? `/api/photos/${row.coverPhotoId}/thumbnail?v=${row.updatedAt.getTime()}` : null,
  };
}

/** The public originals page of a published listing (served without a session by the listings module). */
export const publicListingPath = (token: string) => `/listing/${token}`;
