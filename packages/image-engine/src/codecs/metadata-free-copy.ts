import { readFile, writeFile } from 'node:fs/promises';
import { sharp } from './sharp';
import { JpegCopyRefusedError, stripJpegMetadata } from './jpeg-segments';
import { MAX_INPUT_PIXELS } from './image-codec';

/**
 * Writes the JPEG at `inputPath` to `outputPath` as its own image data without any metadata, when that copy
 * shows exactly the pixels the pipeline's decoder reads from the original (upright, sRGB): no re-encode, so no
 * CPU and no generation loss (docs/decisions/093). False, having written nothing, when the photo needs its
 * pixels changed to be shown (an EXIF rotation, a non-sRGB profile, CMYK, 12-bit...) or is a file the segment
 * reader refuses; the caller then encodes the decoded pixels as before.
 */
export async function copyJpegWithoutMetadata(inputPath: string, outputPath: string): Promise<boolean> {
  const original = await readFile(inputPath);
  let stripped;
  try {
    stripped = stripJpegMetadata(original);
  } catch (error) {
    if (error instanceof JpegCopyRefusedError) return false;
    throw error;
  }
  if (!(await decodesAsShown(original, stripped.iccSegments))) return false;
  await writeFile(outputPath, stripped.bytes);
  return true;
}

/**
 * Whether the decoder (sharp, as image-codec's openOriented uses it) reads the original as its pixels stand:
 * no rotation by EXIF orientation, an 8-bit 3-channel sRGB image, and any ICC profile one whose transform to
 * sRGB leaves colours as they are (see iccChangesColours).
 */
async function decodesAsShown(original: Buffer, iccSegments: Buffer[]) {
  const metadata = await sharp(original, { limitInputPixels: false }).metadata();
  const upright = (metadata.orientation ?? 1) === 1;
  const plainRgb = metadata.channels === 3 && metadata.depth === 'uchar' && metadata.space === 'srgb';
  if (!upright || !plainRgb || Boolean(metadata.icc) !== iccSegments.length > 0) return false;
  return !metadata.icc || !(await iccChangesColours(iccSegments));
}

/**
 * A profile is judged by what the decoder does with it rather than by its name: a small chart of colours
 * spread over the cube, decoded once with the photo's ICC segments and once without, must come out within
 * one level of each other. An sRGB profile passes (libvips' own to the bit; others within rounding); Display
 * P3 or Adobe RGB does not. A profile libvips cannot use it ignores, in the original as in the chart, so the
 * copy shows what the decoder reads then too.
 */
async function iccChangesColours(iccSegments: Buffer[]) {
  const chart = await colourChart();
  const tagged = Buffer.concat([chart.subarray(0, 2), ...iccSegments, chart.subarray(2)]);
  const [plain, withProfile] = await Promise.all([decodeAsPipeline(chart), decodeAsPipeline(tagged)]);
  if (!withProfile || plain!.length !== withProfile.length) return true;
  return plain!.some((value, i) => Math.abs(value - withProfile[i]!) > MAX_ICC_DIFFERENCE);
}

/** One level: an sRGB profile other than libvips' own may round differently; any other profile moves far more. */
const MAX_ICC_DIFFERENCE = 1;

/** As image-codec's openOriented; undefined when the decoder rejects the file (e.g. a broken profile). */
async function decodeAsPipeline(jpeg: Buffer) {
  return sharp(jpeg, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer()
    .catch(() => undefined);
}

let chart: Promise<Buffer> | undefined;

/** 64 × 64 pixels, 16 levels of each channel in every combination, as a JPEG without metadata (made once). */
function colourChart() {
  chart ??= (async () => {
    const side = 64;
    const pixels = Buffer.alloc(side * side * 3);
    for (let i = 0; i < side * side; i++) {
      pixels[i * 3] = (i % 16) * 17;
      pixels[i * 3 + 1] = (Math.floor(i / 16) % 16) * 17;
      pixels[i * 3 + 2] = Math.floor(i / 256) * 17;
    }
    return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
  })();
  return chart;
}
