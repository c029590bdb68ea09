import { MAX_INPUT_PIXELS, JPEG_QUALITY, type RgbImage } from '../codecs/image-codec';
import { sharp } from '../codecs/sharp';
import { loadAddon, locateAddon } from '../native/load-addon';
import type { NativePassPlan } from './professional-enhancement';
import { unfilledBytes } from '../native/unfilled-arrays';

/**
 * Professional Enhancement of a JPEG file inside libvips' own decode → encode stream (native/enhancement-pass.c,
 * docs/decisions/095): the same pixels as the WebAssembly pass, at about the cost of a bare decode + encode.
 * Without the addon (native/load-addon.ts says when), the engine takes the WebAssembly path.
 */
interface Addon {
  enhanceJpegFile(
    inputPath: string,
    outputPath: string,
    plan: NativePassPlan,
    options: { quality: number; maxPixels: number },
  ): Promise<void>;
  enhanceRgb(rgb: Uint8Array, plan: NativePassPlan, out: Uint8Array): void;
}

const ADDON = '@hearth/image-engine/native-pass';
/** The addon's answer for an input it does not take (not three 8-bit bands, say): the WebAssembly path does. */
const UNSUPPORTED = 'HEARTH_NATIVE_UNSUPPORTED';

// The addon uses the libvips sharp has loaded and set up (one thread per image, no cache).
const load = () => loadAddon<Addon>(ADDON, () => void sharp.versions);

/**
 * Which pass Professional Enhancement of a JPEG takes, for the worker's start-up log and benchmark reports.
 * It loads nothing (an idle server keeps sharp unloaded), so a build that is found but fails to load is only
 * told apart by {@link nativePassStatus}.
 */
export function describeEnhancementPass(): string {
  const found = locateAddon(ADDON);
  return 'path' in found ? 'native (libvips operation)' : `WebAssembly: native pass ${found.reason}`;
}

/** Whether the native pass is in use, and if not, why (loads it). */
export const nativePassStatus = (): { available: boolean; reason?: string } => {
  const state = load();
  return 'loaded' in state ? { available: true } : { available: false, reason: state.reason };
};

/**
 * Writes the enhanced JPEG from the file at `inputPath` (a JPEG, oriented to `plan`'s size once its EXIF
 * orientation is applied). Resolves false, having written nothing, when the native pass is unavailable or does
 * not take this input; rejects when the photo cannot be decoded (no partial output is left).
 */
export async function enhanceJpegNatively(inputPath: string, outputPath: string, plan: NativePassPlan) {
  const state = load();
  if (!('loaded' in state)) return false;
  try {
    await state.loaded.enhanceJpegFile(inputPath, outputPath, plan, {
      quality: JPEG_QUALITY,
      maxPixels: MAX_INPUT_PIXELS,
    });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === UNSUPPORTED) return false;
    throw error;
  }
}

/**
 * The same pass over pixels in memory (the preview the result's thumbnail is made from), into a new image;
 * undefined without the addon.
 */
export function enhanceRgbNatively(image: RgbImage, plan: NativePassPlan): RgbImage | undefined {
  const state = load();
  if (!('loaded' in state)) return undefined;
  const data = unfilledBytes(image.data.length);
  state.loaded.enhanceRgb(image.data, plan, data);
  return { data, width: image.width, height: image.height };
}
