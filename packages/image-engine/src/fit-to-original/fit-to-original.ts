import { resizeRgb, type RgbImage } from '../codecs/image-codec';
import { resizeRgbExact } from '../codecs/image-compose';
import { alignResult, MIN_ALIGNMENT_SCORE, type Alignment, type FocusArea, type FrameMapping } from './alignment';
import { composeFullResolution, type Region } from './compose';
import {
  applyTone,
  blurredChannels,
  changeWeights,
  DETAIL,
  fitTone,
  IDENTITY_TONE,
  warpIntoFrame,
  type ToneMap,
} from './detail';
import { createRaster, gradientMagnitude, luminance, smooth, type Raster } from './raster';
import { checkStructure, STRUCTURE_REVIEW_REASON, type ChangeZone, type StructureCheck } from './structure';

/**
 * Turns what a generative provider sent back into a listing photo true to the original: the original's exact
 * pixel size and framing (the provider's reshaping undone, never stretched), the original's own pixels
 * wherever the model left the room alone, and a check that the architecture did not move.
 */

/** Longest sides of the copies the result is registered on, coarse to fine (the result's are 1.5× larger). */
const ALIGN_SIDES = [160, 400];
/** Longest side of the working copies for the change mask and the structure check. */
export const WORK_SIDE = 512;

export interface FitOptions {
  /** Rows the template may change, for the structure check (see change-zones.ts). */
  zone: ChangeZone;
  /** Keep the original's pixels where the model changed nothing (default true). */
  preserveDetail?: boolean;
  /** Make only this rectangle of the frame at full resolution: `image` is then that rectangle. */
  region?: Region;
  /** analyseOriginal(original), when the caller made it ahead (an area edit, while the provider works). */
  analysis?: OriginalAnalysis;
  /** Check the whole frame's structure (default true); an area edit checks only its area, on `workImage`. */
  checkWholeFrame?: boolean;
  /**
   * The part of the frame the caller will use (an area edit's rectangle): registered finely, compared and
   * weighed only around it. `weight` and `workImage` still span the whole frame (weight 0, the original, outside).
   */
  focus?: FocusArea;
}

export interface FitResult {
  /** The finished photo, at the original's size (or the `region` asked for). */
  image: RgbImage;
  alignment: Alignment;
  /** Fraction of the frame that shows the original's own pixels (blend weight below one half). */
  keptOriginalFraction: number;
  /** Whether detail was kept; false when the model changed most of the frame (a global edit). */
  preservedDetail: boolean;
  tone: ToneMap;
  structure: StructureCheck;
  /** The finished photo at the working size (the whole frame), made as the full one is. */
  workImage: RgbImage;
}

export async function fitToOriginal(original: RgbImage, result: RgbImage, options: FitOptions): Promise<FitResult> {
  const fit = await fitAtWorkSize(original, result, options);
  const image = await composeFullResolution(
    original,
    result,
    fit.alignment.mapping,
    fit.weight,
    fit.tone,
    options.region,
  );
  return {
    image,
    alignment: fit.alignment,
    keptOriginalFraction: fit.keptOriginalFraction,
    preservedDetail: fit.preservedDetail,
    tone: fit.tone,
    workImage: fit.workImage,
    structure: fit.structure,
  };
}

/** Everything of the fit but the full-size photo: where the result lies, what of it to keep, and its tone. */
export interface WorkSizeFit extends Omit<FitResult, 'image'> {
  /** The blend weight of the result at the working size, 0–1 (composeFullResolution reads it bilinearly). */
  weight: Raster;
}

/**
 * The fit at the working size only. An area edit makes its full-size pixels itself, in one pass with its own
 * feather (compose-area.ts); fitToOriginal makes them with composeFullResolution.
 */
export async function fitAtWorkSize(
  original: RgbImage,
  result: RgbImage,
  options: Omit<FitOptions, 'region'>,
): Promise<WorkSizeFit> {
  const originalSize = { width: original.width, height: original.height };
  const resultSize = { width: result.width, height: result.height };

  const { work, edgeLevels, channels: originalChannels } = options.analysis ?? (await analyseOriginal(original));
  const levels = await Promise.all(
    ALIGN_SIDES.map(async (side, level) => ({
      original: edgeLevels[level]!,
      result: edges(await resizeRgb(result, Math.round(side * 1.5))),
    })),
  );
  const alignment = alignResult(levels, originalSize, resultSize, options.focus);

  // The result, scaled with sharp to about the working scale, then placed into the working frame.
  const toWorkX = work.width / original.width;
  const toWorkY = work.height / original.height;
  const targetWidth = Math.max(1, Math.round(result.width * alignment.mapping.scaleX * toWorkX));
  const targetHeight = Math.max(1, Math.round(result.height * alignment.mapping.scaleY * toWorkY));
  const resultAtWorkScale = await resizeRgbExact(result, targetWidth, targetHeight);
  const workMapping: FrameMapping = {
    scaleX: (alignment.mapping.scaleX * toWorkX * result.width) / targetWidth,
    scaleY: (alignment.mapping.scaleY * toWorkY * result.height) / targetHeight,
    offsetX: alignment.mapping.offsetX * toWorkX,
    offsetY: alignment.mapping.offsetY * toWorkY,
  };
  // With a focus, the model is compared with the original only in a window around it (the rest of the working
  // frame keeps the original's pixels, weight 0): an area edit's rectangle is a fraction of the frame.
  const window = options.focus ? workWindow(options.focus, original, work) : undefined;
  const inWindow = window ? cropRgb(work, window) : work;
  const originalInWindow = window ? originalChannels.map((raster) => cropRaster(raster, window)) : originalChannels;
  const { image: model, covered } = warpIntoFrame(
    resultAtWorkScale,
    window
      ? { ...workMapping, offsetX: workMapping.offsetX - window.left, offsetY: workMapping.offsetY - window.top }
      : workMapping,
    inWindow.width,
    inWindow.height,
  );

  const modelChannels = blurredChannels(model);
  let tone = fitTone(modelChannels, originalInWindow, covered);
  const changes = changeWeights(modelChannels, originalInWindow, covered, tone);
  const { changedFraction } = changes;
  let { weight } = changes;
  const preservedDetail = (options.preserveDetail ?? true) && changedFraction <= DETAIL.maxChangedFraction;
  if (!preservedDetail) {
    // A global edit: the model's picture as it is, feathered only where it stops covering the frame.
    tone = IDENTITY_TONE;
    weight = coverageWeight(covered, inWindow.width, inWindow.height);
  }

  let output = blendAtWorkSize(inWindow, model, weight, tone);
  let kept = 0;
  for (const value of weight.data) if (value < 0.5) kept++;
  if (window) {
    output = placeRgb(output, work, window);
    weight = placeRaster(weight, work.width, work.height, window);
  }
  const structure =
    (options.checkWholeFrame ?? true) ? checkStructure(work, output, options.zone) : { score: 0, needsReview: false };
  const misaligned = alignment.score < MIN_ALIGNMENT_SCORE;

  return {
    alignment,
    weight,
    keptOriginalFraction: kept / (inWindow.width * inWindow.height),
    preservedDetail,
    tone,
    workImage: output,
    structure: {
      score: structure.score,
      needsReview: structure.needsReview || misaligned,
      ...((structure.needsReview || misaligned) && { reason: STRUCTURE_REVIEW_REASON }),
    },
  };
}

/** What the fit needs of the original alone, which can be made before the result exists. */
export interface OriginalAnalysis {
  /** The original at the working size. */
  work: RgbImage;
  /** Its edges at each of ALIGN_SIDES, for the registration. */
  edgeLevels: Raster[];
  /** Its channels blurred at the comparison scale. */
  channels: Raster[];
}

export async function analyseOriginal(original: RgbImage): Promise<OriginalAnalysis> {
  const work = await resizeRgb(original, WORK_SIDE);
  // The registration levels are smaller than the working copy, so they are made from it, not from the
  // full-size frame: the same area average at a fraction of the cost.
  const edgeLevels = await Promise.all(ALIGN_SIDES.map(async (side) => edges(await resizeRgb(work, side))));
  return { work, edgeLevels, channels: blurredChannels(work) };
}

/** A rectangle of the working frame. */
type WorkWindow = Region;

/**
 * Around the focus, this many working pixels are compared too: more than the blurs, the opening, the growth and
 * the feather of the change weights reach together (DETAIL), so the window's edge does not show inside the focus.
 * The tone is then fitted on the window alone, which for an edit of one area is the part that matters.
 */
const FOCUS_MARGIN = 24;

/** The focus (in the original's pixels) in the working frame, grown by FOCUS_MARGIN and kept inside it. */
function workWindow(focus: FocusArea, original: { width: number; height: number }, work: RgbImage): WorkWindow {
  const toX = work.width / original.width;
  const toY = work.height / original.height;
  const left = Math.max(0, Math.floor(focus.left * toX) - FOCUS_MARGIN);
  const top = Math.max(0, Math.floor(focus.top * toY) - FOCUS_MARGIN);
  const right = Math.min(work.width, Math.ceil((focus.left + focus.width) * toX) + FOCUS_MARGIN);
  const bottom = Math.min(work.height, Math.ceil((focus.top + focus.height) * toY) + FOCUS_MARGIN);
  return { left, top, width: right - left, height: bottom - top };
}

function cropRgb(image: RgbImage, window: WorkWindow): RgbImage {
  const data = Buffer.alloc(window.width * window.height * 3);
  for (let y = 0; y < window.height; y++) {
    const start = ((window.top + y) * image.width + window.left) * 3;
    image.data.copy(data, y * window.width * 3, start, start + window.width * 3);
  }
  return { data, width: window.width, height: window.height };
}

function cropRaster(raster: Raster, window: WorkWindow): Raster {
  const out = createRaster(window.width, window.height);
  for (let y = 0; y < window.height; y++) {
    const start = (window.top + y) * raster.width + window.left;
    out.data.set(raster.data.subarray(start, start + window.width), y * window.width);
  }
  return out;
}

/** `part` put back into a copy of `frame` at `window`. */
function placeRgb(part: RgbImage, frame: RgbImage, window: WorkWindow): RgbImage {
  const data = Buffer.from(frame.data);
  for (let y = 0; y < window.height; y++) {
    part.data.copy(
      data,
      ((window.top + y) * frame.width + window.left) * 3,
      y * part.width * 3,
      (y + 1) * part.width * 3,
    );
  }
  return { data, width: frame.width, height: frame.height };
}

/** `part` placed in a raster of zeros of `width`×`height` at `window`. */
function placeRaster(part: Raster, width: number, height: number, window: WorkWindow): Raster {
  const out = createRaster(width, height);
  for (let y = 0; y < window.height; y++) {
    out.data.set(part.data.subarray(y * part.width, (y + 1) * part.width), (window.top + y) * width + window.left);
  }
  return out;
}

function edges(image: RgbImage): Raster {
  return gradientMagnitude(smooth(luminance(image), 1));
}

function coverageWeight(covered: Uint8Array, width: number, height: number): Raster {
  const hard = createRaster(width, height);
  for (let i = 0; i < covered.length; i++) hard.data[i] = covered[i]!;
  const weight = smooth(hard, DETAIL.featherRadius);
  for (let i = 0; i < covered.length; i++) if (!covered[i]) weight.data[i] = 0;
  return weight;
}

/** The finished photo at the working size, made exactly as composeFullResolution makes the full one. */
function blendAtWorkSize(original: RgbImage, model: RgbImage, weight: Raster, tone: ToneMap): RgbImage {
  const data = Buffer.alloc(original.data.length);
  for (let i = 0; i < weight.data.length; i++) {
    const alpha = weight.data[i]!;
    for (let c = 0; c < 3; c++) {
      const o = original.data[i * 3 + c]!;
      const mixed = o + (applyTone(tone, c, model.data[i * 3 + c]!) - o) * alpha;
      data[i * 3 + c] = mixed < 0 ? 0 : mixed > 255 ? 255 : Math.round(mixed);
    }
  }
  return { data, width: original.width, height: original.height };
}
