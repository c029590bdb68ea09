import { describe, expect, it } from 'vitest';
import { hasImageSignature, looksLikeImage } from './sniff-image';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('hasImageSignature', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a)],
    ['GIF', bytes('GIF89a')],
    ['WEBP', bytes('RIFF', 0, 0, 0, 0, 'WEBP')],
    ['BMP', bytes('BM', 0, 0)],
    ['TIFF (little-endian)', bytes('II', 0x2a, 0)],
    ['TIFF (big-endian)', bytes('MM', 0, 0x2a)],
    ['HEIC', bytes(0, 0, 0, 0x18, 'ftypheic')],
  ])('knows %s', (_label, head) => {
    expect(hasImageSignature(head)).toBe(true);
  });

  it.each([
    ['text', bytes('Viewing on Saturday')],
    ['PDF', bytes('%PDF-1.7')],
    ['HTML', bytes('<!doctype html>')],
    ['empty', bytes()],
  ])('refuses %s', (_label, head) => {
    expect(hasImageSignature(head)).toBe(false);
  });

  it('reads the head of a File', async () => {
    expect(await looksLikeImage(new File(['notes'], 'notes.jpg', { type: 'image/jpeg' }))).toBe(false);
    expect(await looksLikeImage(new File([bytes(0xff, 0xd8, 0xff, 0xdb)], 'a.jpg'))).toBe(true);
  });
});
