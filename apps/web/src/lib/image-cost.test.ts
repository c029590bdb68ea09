import { describe, expect, it } from 'vitest';
import { imageCostText, imagesToUse } from './image-cost';

describe('imagesToUse', () => {
  it('counts one image per variation of every photo', () => {
    expect(imagesToUse(3, 2)).toBe(6);
    expect(imagesToUse(3)).toBe(3);
    expect(imagesToUse(1, 4)).toBe(4);
    expect(imagesToUse(0, 3)).toBe(0);
  });
});

describe('imageCostText', () => {
  it('says photos × variations when both are several', () => {
    expect(imageCostText(3, 2)).toBe('This will use 6 images (3 photos × 2 variations).');
  });

  it('says what each image is for otherwise', () => {
    expect(imageCostText(1, 3)).toBe('This will use 3 images (one per variation).');
    expect(imageCostText(4, 1)).toBe('This will use 4 images (one per photo).');
    expect(imageCostText(1, 1)).toBe('This will use 1 image.');
    expect(imageCostText(1)).toBe('This will use 1 image.');
  });
});
