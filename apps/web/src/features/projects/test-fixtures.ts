import type { Photo, PhotoVersion } from '@hearth/contracts';

/** A finished photo as GET /api/projects/:id/photos lists it, for unit tests. */
export function photoFixture(overrides: Partial<Photo> = {}): Photo {
  return {
    id: 'photo-1',
    projectId: 'project-1',
    fileName: 'living-room.jpg',
    room: null,
    status: 'completed',
    originalUrl: '/api/photos/photo-1/original',
    enhancedUrl: '/api/photos/photo-1/enhanced',
    thumbnailUrl: '/api/photos/photo-1/thumbnail',
    downloadUrl: '/api/photos/photo-1/download',
    prompt: 'Stage this living room',
    templateName: 'Living Room',
    engine: 'gemini',
    operations: [],
    notes: [],
    needsReview: false,
    reviewReason: null,
    error: null,
    width: 1600,
    height: 1067,
    createdAt: '2026-03-02T14:05:09.000Z',
    chosenVersionId: 'version-1',
    style: 'Scandinavian',
    versionCount: 1,
    edit: { classification: 'disclosed', alterations: ['staging'] },
    ...overrides,
  };
}

/** A version as GET /api/photos/:id/versions lists it, for unit tests. */
export function versionFixture(overrides: Partial<PhotoVersion> = {}): PhotoVersion {
  const number = overrides.number ?? 1;
  const id = overrides.id ?? `version-${number}`;
  return {
    id,
    photoId: 'photo-1',
    number,
    status: 'completed',
    chosen: false,
    templateId: 'living-room',
    templateName: 'Living Room',
    style: 'Scandinavian',
    instructions: null,
    prompt: 'Stage this living room',
    engine: 'gemini',
    provider: 'gemini',
    model: 'gemini-2.5-flash-image',
    costUsd: 0.039,
    needsReview: false,
    reviewReason: null,
    error: null,
    width: 1600,
    height: 1067,
    createdAt: '2026-03-02T14:05:09.000Z',
    completedAt: '2026-03-02T14:05:19.000Z',
    imageUrl: `/api/photos/photo-1/versions/${id}/image`,
    thumbnailUrl: `/api/photos/photo-1/versions/${id}/thumbnail`,
    downloadUrl: `/api/photos/photo-1/versions/${id}/download`,
    edit: { classification: 'disclosed', alterations: ['staging'] },
    ...overrides,
  };
}
