import type { RgbImage } from '../codecs/image-codec';
import { deflatePngRows, writePngFromBands, type PngBand } from '../codecs/png-bands';
import type { Region } from '../fit-to-original/compose';

/**
 * An area edit's lossless PNG (decision 015), written in three bands of rows: those above and below the
 * painted area's rectangle are the base version's own, compressed while the provider works; only the band
 * the area spans is compressed once the edit is made.
 */

export interface RowsAroundArea {
  region: Region;
  above: PngBand;
  below: PngBand;
}

/** The base's rows outside `region`, deflated ahead of the edit. */
export async function deflateRowsAroundArea(base: RgbImage, region: Region): Promise<RowsAroundArea> {
  const [above, below] = await Promise.all([
    deflatePngRows(base, 0, region.top),
    deflatePngRows(base, region.top + region.height, base.height),
  ]);
  return { region, above, below };
}

/**
 * Writes the finished photo as PNG. Its rows outside the region must be the base's, as composeAreaEdit
 * leaves them (it writes only inside the region). `middle` is the region's rows when the caller deflated them
 * as they were made (composeAreaEdit's onRowsMade); otherwise they are deflated here.
 */
export async function writeAreaEditPng(
  outputPath: string,
  image: RgbImage,
  around: RowsAroundArea,
  middle?: PngBand,
): Promise<void> {
  const { region, above, below } = around;
  middle ??= await deflatePngRows(image, region.top, region.top + region.height);
  await writePngFromBands(outputPath, image, [above, middle, below]);
}

/** The PNG of an image of `size` from its three bands, all made already (a compacted middle band, say). */
export async function writeAreaEditPngFromBands(
  outputPath: string,
  size: { width: number; height: number },
  around: RowsAroundArea,
  middle: PngBand,
): Promise<void> {
  await writePngFromBands(outputPath, size, [around.above, middle, around.below]);
}
