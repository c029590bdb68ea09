import { describe, expect, it } from 'vitest';
import { projectThumbnailUrl } from './thumbnail-url';

describe('projectThumbnailUrl', () => {
  it('changes when the project progresses or completes', () => {
    const base = { thumbnailUrl: '/api/photos/p1/thumbnail', status: 'processing' as const, processedPhotos: 0 };
    const processing = projectThumbnailUrl(base);
    const completed = projectThumbnailUrl({ ...base, status: 'completed', processedPhotos: 3 });
    expect(processing).toBe('/api/photos/p1/thumbnail?v=processing-0');
    expect(completed).toBe('/api/photos/p1/thumbnail?v=completed-3');
  });

  it('is null without a photo', () => {
    expect(projectThumbnailUrl({ thumbnailUrl: null, status: 'uploading', processedPhotos: 0 })).toBeNull();
  });
});
