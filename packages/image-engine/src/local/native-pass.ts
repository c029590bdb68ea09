import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MAX_INPUT_PIXELS, JPEG_QUALITY } from '../codecs/image-codec';
import { sharp } from '../codecs/sharp';
import type { NativePassPlan } from './professional-enhancement';

/**
 * Professional Enhancement of a JPEG file inside libvips' own decode → encode stream (native/enhancement-pass.c,
 * docs/decisions/095): the same pixels as the WebAssembly pass, at about the cost of a bare decode + encode.
 * The addon is built when the package is installed; where it could not be (no C compiler), or with
 * NATIVE_PASS=off, the engine takes the WebAssembly path and nothing else changes.
 */
interface Addon {
  enhanceJpegFile(
    inputPath: string,
    outputPath: string,
    plan: NativePassPlan,
    options: { quality: number; maxPixels: number },
  ): Promise<void>;
}

const ADDON_PATH = new URL('../../native/build/Release/enhancement_pass.node', import.meta.url).pathname;
/** The addon's answer for an input it does not take (not three 8-bit bands, say): the WebAssembly path does. */
const UNSUPPORTED = 'HEARTH_NATIVE_UNSUPPORTED';

let addon: { loaded: Addon } | { reason: string } | undefined;

function load(): typeof addon & object {
  if (addon) return addon;
  if (process.env.NATIVE_PASS === 'off') return (addon = { reason: 'turned off (NATIVE_PASS=off)' });
  if (!existsSync(ADDON_PATH)) return (addon = { reason: 'not built (see packages/image-engine/native)' });
  try {
    void sharp.versions; // the addon uses the libvips sharp has loaded and set up (one thread per image, no cache)
    addon = { loaded: createRequire(import.meta.url)(ADDON_PATH) as Addon };
  } catch (error) {
    addon = { reason: `failed to load: ${error instanceof Error ? error.message : String(error)}` };
  }
  return addon;
}

/** Whether the native pass is in use, and if not, why: for logs and benchmark reports. */
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
