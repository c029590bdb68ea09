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

/**
 * Found through the package's exports, not next to this module: the built server bundles this module into
 * apps/server/dist, while the addon stays where the install built it.
 */
const ADDON = '@hearth/image-engine/native-pass';
/** The addon's answer for an input it does not take (not three 8-bit bands, say): the WebAssembly path does. */
const UNSUPPORTED = 'HEARTH_NATIVE_UNSUPPORTED';

let addon: { loaded: Addon } | { reason: string } | undefined;

/** The addon's file, or why there is none to use; loads nothing. */
function locate(): { path: string } | { reason: string } {
  if (process.env.NATIVE_PASS === 'off') return { reason: 'turned off (NATIVE_PASS=off)' };
  try {
    return { path: createRequire(import.meta.url).resolve(ADDON) };
  } catch {
    return { reason: 'not built (see packages/image-engine/native)' };
  }
}

function load(): typeof addon & object {
  if (addon) return addon;
  const found = locate();
  if (!('path' in found)) return (addon = found);
  try {
    void sharp.versions; // the addon uses the libvips sharp has loaded and set up (one thread per image, no cache)
    addon = { loaded: createRequire(import.meta.url)(found.path) as Addon };
  } catch (error) {
    addon = { reason: `failed to load: ${error instanceof Error ? error.message : String(error)}` };
  }
  return addon;
}

/**
 * Which pass Professional Enhancement of a JPEG takes, for the worker's start-up log and benchmark reports.
 * It loads nothing (an idle server keeps sharp unloaded), so a build that is found but fails to load is only
 * told apart by {@link nativePassStatus}.
 */
export function describeEnhancementPass(): string {
  const found = locate();
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
