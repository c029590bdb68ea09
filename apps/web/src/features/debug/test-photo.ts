import type { Photo } from '@hearth/contracts';

/** A photo as GET /api/projects/:id/photos lists it, for the unit tests of the poll loop. */
export function photoFixture(overrides: Partial<Photo> = {}): Photo {
  return {
    id: 'photo-1',
    projectId: 'project-1',
    fileName: 'exterior.jpg',
    room: null,
    status: 'processing',
    originalUrl: '/api/photos/photo-1/original',
    enhancedUrl: null,
    thumbnailUrl: null,
    downloadUrl: null,
    prompt: 'Enhance',
    templateName: 'Professional Enhancement',
    engine: null,
    operations: [],
    notes: [],
    needsReview: false,
    reviewReason: null,
    error: null,
    width: 1600,
    height: 1067,
    createdAt: '2026-03-02T14:05:09.000Z',
    chosenVersionId: null,
    style: null,
    versionCount: 1,
    edit: { classification: 'exempt', alterations: [] },
    ...overrides,
  };
}

export const completedPhoto = (overrides: Partial<Photo> = {}) =>
  photoFixture({
    status: 'completed',
    chosenVersionId: 'version-1',
    enhancedUrl: '/api/photos/photo-1/enhanced',
    downloadUrl: '/api/photos/photo-1/download',
    engine: 'local',
    operations: ['professional-enhancement'],
    ...overrides,
  });
