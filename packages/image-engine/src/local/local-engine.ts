import {
  decodePreview,
  decodeToRgb,
  encodeRgbToJpeg,
  makeThumbnailFromRgb,
  readImageInfo,
  type RgbImage,
  startDecoding,
} from '../codecs/image-codec';
import type { ImageType } from '../codecs/image-type';
import { planBlueSky } from './blue-sky';
import { enhanceJpegNatively, enhanceRgbNatively } from './native-pass';
import { applyPlans } from './parallel-pass';
import { planPerfectLawn } from './perfect-lawn';
import { buildRowEdits, type OperationPlans } from './plans';
import { describePreview, halveImage, PREVIEW_SIZE } from './preview';
import { nativePassPlan, planProfessionalEnhancement } from './professional-enhancement';
import { applyRowEdits } from './row-pass';

/**
 * The local engine: Hearth's embedded enhancement, no AI provider needed. It works at the photo's full
 * resolution on one decoded frame (see docs/decisions/010-local-engine-one-pixel-pass.md): a 640 px preview
 * is analysed, each operation turns its findings into lookup tables and preview-sized maps, and one
 * row-by-row pass applies them all before the frame is encoded.
 */
export type LocalOperation = 'professional-enhancement' | 'blue-sky' | 'perfect-lawn';

export type LocalTemplateName = 'Professional Enhancement' | 'Blue Sky' | 'Perfect Lawn';

/**
 * What each local template does. Blue Sky and Perfect Lawn do only that: their prompts promise to change
 * nothing else, and a photo without sky or lawn comes back as it went in (with a note saying so).
 */
export const LOCAL_TEMPLATE_OPERATIONS: Readonly<Record<LocalTemplateName, readonly LocalOperation[]>> = {
  'Professional Enhancement': ['professional-enhancement'],
  'Blue Sky': ['blue-sky'],
  'Perfect Lawn': ['perfect-lawn'],
};

export type LocalEngineInput =
  /** A photo file; `preview`, if the caller has it already, is its small copy (decodePreview, PREVIEW_SIZE). */
  (
    | { inputPath: string; inputType: ImageType; preview?: RgbImage }
    /** A photo the caller has decoded already (decodePhoto), so that it is decoded once for all its uses. */
    | { photo: DecodedPhoto }
  ) & {
    outputPath: string;
    /**
     * Where to write the result's 400 px thumbnail, if wanted. It is made from the 640 px copy with the same
     * plans applied (a few milliseconds), not by decoding the result again: the plans are resolution-free.
     */
    thumbnailPath?: string;
    operations: readonly LocalOperation[];
  };

/** A photo decoded for the pipeline: its full-size oriented pixels and the small copy analysis works on. */
export interface DecodedPhoto {
  image: RgbImage;
  /** Longest side at most PREVIEW_SIZE (640 px). */
  preview: RgbImage;
}

/**
 * Decodes a photo once for every use the pipeline makes of it: the full frame, and beside it (JPEG
 * shrink-on-load, a few tens of milliseconds) the small copy the local engine analyses and thumbnails
 * are made from.
 */
export async function decodePhoto(path: string, type: ImageType): Promise<DecodedPhoto> {
  const decoding = startDecoding(path, type, PREVIEW_SIZE);
  const [image, preview] = await Promise.all([decoding.image, decoding.preview]);
  return { image, preview };
}

export interface LocalEngineResult {
  width: number;
  height: number;
  engine: 'local';
  /** The operations that changed the photo, in the order they were applied. */
  operations: LocalOperation[];
  /** Sentences for the user, e.g. why an operation left the photo unchanged. */
  notes: string[];
}

export const NO_SKY = 'No sky was found in this photo, so it was left unchanged.';
export const NO_LAWN = 'No lawn was found in this photo, so it was left unchanged.';

/**
 * Applies the operations to the photo at `inputPath` and writes a quality-90 JPEG of the same (oriented)
 * size to `outputPath`, without metadata. Whatever order they are asked in, enhancement runs first, then
 * the lawn, then the sky.
 */
export async function runLocalEngine(input: LocalEngineInput): Promise<LocalEngineResult> {
  const decoding = startDecodingFor(input);
  // Planning needs only the preview, so it runs while the full-size decode (if any) is still under way.
  const preview = await decoding.preview;
  const { plans, notes } = await planOperations(input.operations, preview);
  if (input.thumbnailPath) await makeThumbnailFromRgb(await editedCopy(preview, plans), input.thumbnailPath);
  const { width, height } = await writeResult(input, decoding, plans);
  const applied: LocalOperation[] = [];
  if (plans.enhancement) applied.push('professional-enhancement');
  if (plans.lawn) applied.push('perfect-lawn');
  if (plans.sky) applied.push('blue-sky');
  return { width, height, engine: 'local', operations: applied, notes };
}

interface Decoding {
  preview: Promise<RgbImage>;
  image(): Promise<RgbImage>;
}

/**
 * A JPEG asked only for Professional Enhancement may never need its full frame in memory (the native pass
 * streams it, see writeResult): only its preview is decoded up front. Anything else starts its full-size
 * decode at once, beside the preview.
 */
function startDecodingFor(input: LocalEngineInput): Decoding {
  if ('photo' in input) {
    const { image, preview } = input.photo;
    return { preview: Promise.resolve(preview), image: () => Promise.resolve(image) };
  }
  const { inputPath, inputType } = input;
  const native = mayRunNatively(input);
  if (!input.preview && !native) {
    const started = startDecoding(inputPath, inputType, PREVIEW_SIZE);
    return { preview: started.preview, image: () => started.image };
  }
  const preview = input.preview ? Promise.resolve(input.preview) : decodePreview(inputPath, inputType, PREVIEW_SIZE);
  const image = native ? undefined : decodeToRgb(inputPath, inputType);
  image?.catch(() => undefined); // awaited after planning; a failure must not go unhandled meanwhile
  return { preview, image: () => image ?? decodeToRgb(inputPath, inputType) };
}

const mayRunNatively = (input: LocalEngineInput) =>
  'inputPath' in input &&
  input.inputType === 'jpeg' &&
  input.operations.every((operation) => operation === 'professional-enhancement');

/** Writes the result: through the native pass where it applies, else by the row pass over the decoded frame. */
async function writeResult(input: LocalEngineInput, decoding: Decoding, plans: OperationPlans) {
  if ('inputPath' in input && mayRunNatively(input) && plans.enhancement) {
    const { width, height } = await readImageInfo(input.inputPath, 'jpeg');
    const plan = nativePassPlan(plans.enhancement, width, height);
    if (await enhanceJpegNatively(input.inputPath, input.outputPath, plan)) return { width, height };
  }
  const image = await decoding.image();
  await encodeRgbToJpeg(await applyPlans(image, plans), input.outputPath);
  return image;
}

async function planOperations(operations: readonly LocalOperation[], previewImage: RgbImage) {
  const plans: OperationPlans = {};
  const notes: string[] = [];
  // Exposure, colour and the smooth gain map need less detail than finding a sky's or a lawn's edges.
  if (operations.includes('professional-enhancement')) {
    plans.enhancement = planProfessionalEnhancement(describePreview(halveImage(previewImage)));
  }
  const wantsLawn = operations.includes('perfect-lawn');
  const wantsSky = operations.includes('blue-sky');
  if (!wantsLawn && !wantsSky) return { plans, notes };
  // The lawn and the sky are planned on the preview as the enhancement leaves it, so that one pass gives
  // what applying the operations one after another would (the new sky matched to the enhanced exposure).
  const preview = describePreview(
    plans.enhancement ? await editedCopy(previewImage, { enhancement: plans.enhancement }) : previewImage,
  );
  if (wantsLawn) {
    const lawn = planPerfectLawn(preview);
    if (lawn) plans.lawn = lawn;
    else notes.push(NO_LAWN);
  }
  if (wantsSky) {
    const sky = planBlueSky(preview);
    if (sky) plans.sky = sky;
    else notes.push(NO_SKY);
  }
  return { plans, notes };
}

/** The preview with the plans applied, in a copy (640 px: a few milliseconds; 1 ms for the native pass alone). */
async function editedCopy(image: RgbImage, plans: OperationPlans): Promise<RgbImage> {
  const { enhancement, ...others } = plans;
  const enhancedOnly = enhancement && !Object.values(others).some(Boolean);
  const native = enhancedOnly && enhanceRgbNatively(image, nativePassPlan(enhancement, image.width, image.height));
  if (native) return native;
  const copy: RgbImage = { data: Buffer.from(image.data), width: image.width, height: image.height };
  await applyRowEdits(copy, buildRowEdits(plans, copy.width, copy.height));
  return copy;
}
