import { MAX_UPLOAD_BYTES } from '@hearth/contracts';
import { describe, expect, it } from 'vitest';
import { addToSelection, isAcceptableFile } from './file-selection';

const file = (name: string, type = 'image/jpeg', size = 1000, lastModified = 1) => ({ name, type, size, lastModified });

describe('isAcceptableFile', () => {
  it.each([
    ['room.jpg', 'image/jpeg'],
    ['room.JPEG', ''],
    ['room.png', 'image/png'],
    ['phone.heic', ''],
    ['phone.HEIF', 'image/heif'],
    ['room.webp', 'image/webp'],
    ['room.gif', 'image/gif'],
    ['room.bmp', 'image/bmp'],
    ['scan.tif', 'image/tiff'],
    ['scan.tiff', ''],
    ['no-extension', 'image/png'],
  ])('accepts %s (%s)', (name, type) => {
    expect(isAcceptableFile(file(name, type))).toBe(true);
  });

  it.each([
    ['logo.svg', 'image/svg+xml'],
    ['page.html', 'text/html'],
    ['clip.mp4', 'video/mp4'],
    ['clip.heic', 'video/quicktime'],
    ['notes.txt', ''],
    ['doc.pdf', 'application/pdf'],
  ])('refuses %s (%s)', (name, type) => {
    expect(isAcceptableFile(file(name, type))).toBe(false);
  });

  it('allows exactly 25 MB and refuses one byte more or an empty file', () => {
    expect(isAcceptableFile(file('a.jpg', 'image/jpeg', MAX_UPLOAD_BYTES))).toBe(true);
    expect(isAcceptableFile(file('a.jpg', 'image/jpeg', MAX_UPLOAD_BYTES + 1))).toBe(false);
    expect(isAcceptableFile(file('a.jpg', 'image/jpeg', 0))).toBe(false);
  });
});

describe('addToSelection', () => {
  it('adds acceptable files, reports rejected ones and skips duplicates', () => {
    const a = file('a.jpg');
    const result = addToSelection([a], [file('a.jpg'), file('b.png', 'image/png'), file('c.svg', 'image/svg+xml')]);
    expect(result.files.map((f) => f.name)).toEqual(['a.jpg', 'b.png']);
    expect(result.rejected.map((f) => f.name)).toEqual(['c.svg']);
    expect(result.overBatchLimit).toEqual([]);
  });

  it('keeps two different files that share a name', () => {
    const result = addToSelection([file('IMG_1.jpg', 'image/jpeg', 10)], [file('IMG_1.jpg', 'image/jpeg', 20)]);
    expect(result.files).toHaveLength(2);
  });

  it('caps the batch and reports what did not fit', () => {
    const incoming = Array.from({ length: 5 }, (_, i) => file(`${i}.jpg`));
    const result = addToSelection([], incoming, 3);
    expect(result.files.map((f) => f.name)).toEqual(['0.jpg', '1.jpg', '2.jpg']);
    expect(result.overBatchLimit.map((f) => f.name)).toEqual(['3.jpg', '4.jpg']);
  });
});
