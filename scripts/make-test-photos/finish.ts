/**
 * Second half of make.sh: turns Blender's PNG renders into the committed JPEG test photos.
 *
 *   npx tsx scripts/make-test-photos/finish.ts <render-dir> <fixtures-dir>
 *
 * Goes through Hearth's own image adapter, so the JPEGs come out exactly as the app writes them (sRGB,
 * quality 90, no metadata). The portrait is stored a quarter turn counter-clockwise, as a phone's landscape
 * sensor stores an upright shot; make.sh then adds EXIF orientation 6 and the GPS and camera tags.
 */
import path from 'node:path';
import { decodeToRgb, encodeRgbToJpeg, type RgbImage } from '@hearth/image-engine';

const [renderDir, fixturesDir] = process.argv.slice(2);
if (!renderDir || !fixturesDir) throw new Error('usage: finish.ts <render-dir> <fixtures-dir>');

const PHOTOS = [
  { render: 'empty-interior.png', photo: 'empty-interior.jpg', sideways: false },
  { render: 'furnished-interior.png', photo: 'furnished-interior.jpg', sideways: false },
  { render: 'exterior.png', photo: 'exterior.jpg', sideways: false },
  { render: 'exterior-portrait.png', photo: 'portrait-exif-orientation-6.jpg', sideways: true },
];

for (const { render, photo, sideways } of PHOTOS) {
  const image = await decodeToRgb(path.join(renderDir, render), 'png');
  await encodeRgbToJpeg(sideways ? rotateCounterClockwise(image) : image, path.join(fixturesDir, photo));
  console.log(`${photo}: ${sideways ? `${image.height}×${image.width} stored` : `${image.width}×${image.height}`}`);
}

/** A quarter turn counter-clockwise: the output's row r is the input's column (width − 1 − r), read downwards. */
function rotateCounterClockwise({ data, width, height }: RgbImage): RgbImage {
  const rotated = Buffer.alloc(data.length);
  for (let row = 0; row < width; row++) {
    const sourceColumn = width - 1 - row;
    for (let column = 0; column < height; column++) {
      data.copy(
        rotated,
        (row * height + column) * 3,
        (column * width + sourceColumn) * 3,
        (column * width + sourceColumn) * 3 + 3,
      );
    }
  }
  return { data: rotated, width: height, height: width };
}
