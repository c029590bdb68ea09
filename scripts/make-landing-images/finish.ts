/**
 * Second half of make.sh: turns the renders into the landing page's responsive images.
 *
 *   npx tsx scripts/make-landing-images/finish.ts <render-dir>
 *
 * - Rooms: <room>-empty.png is "before", <room>-staged.png is "after".
 * - Curb appeal: the rendered exterior test photo is "before"; "after" is what Hearth's local engine returns
 *   for it with the Blue Sky and Perfect Lawn templates, the very code a customer's photo goes through.
 *
 * Each photo is written at every width of LANDING_IMAGE_WIDTHS as AVIF and WebP, plus one JPEG fallback. The
 * encoders' settings suit clean renders: their smooth gradients compress well, so quality can stay high.
 * Also writes the social preview image (og-image.jpg) from the staged living room.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { runLocalEngine, writeWebImage } from '@hearth/image-engine';
import { fixturePhotoPath } from '@hearth/image-engine/fixtures';
import {
  LANDING_IMAGE_ASPECT,
  LANDING_IMAGE_WIDTHS,
  LANDING_JPEG_WIDTH,
  landingPhotoPath,
  type LandingPhotoSide,
  type LandingPhotoSlug,
} from '@hearth/web/content/landing-images';

const [renderDir] = process.argv.slice(2);
if (!renderDir) throw new Error('usage: finish.ts <render-dir>');

const ROOT = path.resolve(import.meta.dirname, '../..');
const PUBLIC_DIR = path.join(ROOT, 'apps/web/public');
const EXTERIOR = fixturePhotoPath('exterior.jpg');

const curbAppealAfter = path.join(renderDir, 'curb-appeal-after.jpg');
const result = await runLocalEngine({
  inputPath: EXTERIOR,
  inputType: 'jpeg',
  outputPath: curbAppealAfter,
  operations: ['blue-sky', 'perfect-lawn'],
});
if (!result.operations.includes('blue-sky') || !result.operations.includes('perfect-lawn')) {
  throw new Error(`The local engine did not find the sky and the lawn: ${result.notes.join(' ')}`);
}

const SOURCES: Array<{ slug: LandingPhotoSlug; side: LandingPhotoSide; file: string }> = [
  { slug: 'curb-appeal', side: 'before', file: EXTERIOR },
  { slug: 'curb-appeal', side: 'after', file: curbAppealAfter },
];
for (const slug of ['living-room', 'kitchen', 'master-bedroom', 'office'] as const) {
  SOURCES.push({ slug, side: 'before', file: path.join(renderDir, `${slug}-empty.png`) });
  SOURCES.push({ slug, side: 'after', file: path.join(renderDir, `${slug}-staged.png`) });
}

const outDir = path.join(PUBLIC_DIR, 'landing');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });

let total = 0;
for (const { slug, side, file } of SOURCES) {
  const sizes: string[] = [];
  const write = async (width: number, format: 'avif' | 'webp' | 'jpg') => {
    const height = Math.round((width * LANDING_IMAGE_ASPECT.height) / LANDING_IMAGE_ASPECT.width);
    const target = path.join(PUBLIC_DIR, landingPhotoPath(slug, side, width, format));
    const quality = format === 'avif' ? 60 : 78;
    await writeWebImage(file, target, { width, height, format, quality, progressive: true });
    const bytes = (await stat(target)).size;
    total += bytes;
    sizes.push(`${width}.${format} ${(bytes / 1024).toFixed(0)} KB`);
  };
  for (const width of LANDING_IMAGE_WIDTHS) {
    await write(width, 'avif');
    await write(width, 'webp');
  }
  await write(LANDING_JPEG_WIDTH, 'jpg');
  console.log(`${slug} ${side}: ${sizes.join(', ')}`);
}
// The social preview (Open Graph / Twitter card): the staged living room, 1200×630.
const socialImage = path.join(PUBLIC_DIR, 'og-image.jpg');
await writeWebImage(path.join(renderDir, 'living-room-staged.png'), socialImage, {
  width: 1200,
  height: 630,
  format: 'jpg',
  quality: 80,
});
console.log(`og-image.jpg: ${((await stat(socialImage)).size / 1024).toFixed(0)} KB`);

console.log(
  `${(await readdir(outDir)).length} files, ${(total / 1024).toFixed(0)} KB in ${path.relative(ROOT, outDir)}`,
);
