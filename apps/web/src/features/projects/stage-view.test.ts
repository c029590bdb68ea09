import { describe, expect, it } from 'vitest';
import { stageOfPhoto, stageOfVersion } from './stage-view';
import { photoFixture, versionFixture } from './test-fixtures';

describe('stageOfVersion', () => {
  const photo = { ...photoFixture({ notes: ['Fitted to the original framing'] }), chosenVersionId: 'version-1' };

  it('shows a finished version with its own files and settings', () => {
    const view = stageOfVersion(photo, versionFixture({ id: 'version-2', number: 2, style: 'Industrial' }), 2);
    expect(view).toMatchObject({
      key: 'photo-1:version-2',
      status: 'completed',
      resultUrl: '/api/photos/photo-1/versions/version-2/image',
      downloadUrl: '/api/photos/photo-1/versions/version-2/download',
      style: 'Industrial',
      versionLabel: 'Version 2',
      chosen: false,
      notes: [],
    });
  });

  it("carries the photo's notes and the chosen mark with the chosen version only", () => {
    const view = stageOfVersion(photo, versionFixture({ id: 'version-1', chosen: true }), 2);
    expect(view.notes).toEqual(['Fitted to the original framing']);
    expect(view.chosen).toBe(true);
  });

  it('names no version, and marks none, while there is only one', () => {
    const view = stageOfVersion(photo, versionFixture({ id: 'version-1', chosen: true }), 1);
    expect(view.versionLabel).toBeNull();
    expect(view.chosen).toBe(false);
  });

  it('has no result while waiting, and the reason when failed', () => {
    expect(stageOfVersion(photo, versionFixture({ status: 'waiting' }), 2).resultUrl).toBeNull();
    const failed = stageOfVersion(photo, versionFixture({ status: 'failed', error: 'The AI provider declined.' }), 2);
    expect(failed).toMatchObject({ status: 'failed', resultUrl: null, error: 'The AI provider declined.' });
  });
});

describe('stageOfPhoto', () => {
  it('shows the photo as listed', () => {
    expect(stageOfPhoto(photoFixture())).toMatchObject({
      key: 'photo-1',
      resultUrl: '/api/photos/photo-1/enhanced',
      versionLabel: null,
    });
  });
});
