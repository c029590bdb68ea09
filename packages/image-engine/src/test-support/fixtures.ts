import path from 'node:path';

/** The committed test photos (see fixtures/photos/README.md): rendered rooms, an exterior, a HEIC, an EXIF-rotated portrait. */
export const FIXTURE_PHOTOS_DIR = path.resolve(import.meta.dirname, '../../fixtures/photos');

/** The committed TIFFs (see fixtures/tiff/README.md): one picture as written by libvips, libtiff, ImageMagick and Pillow. */
export const FIXTURE_TIFFS_DIR = path.resolve(import.meta.dirname, '../../fixtures/tiff');

export type FixturePhoto =
  | 'empty-interior.jpg'
  | 'furnished-interior.jpg'
  | 'furnished-interior.heic'
  | 'exterior.jpg'
  | 'portrait-exif-orientation-6.jpg';

/** The path of one committed test photo. */
export const fixturePhotoPath = (name: FixturePhoto) => path.join(FIXTURE_PHOTOS_DIR, name);
