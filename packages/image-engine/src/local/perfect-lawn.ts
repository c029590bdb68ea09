import { createPlane, mapPlane, type Plane, RowSampler, smoothBlur, smoothstep } from './planes';
import { hueDegrees, type PreviewPixels } from './preview';
import { closeRegion, components, type Region, regionFromMembers, regionShare } from './regions';
import type { RowEdit } from './row-pass';

/**
 * Perfect Lawn: finds tired grass (straw-yellow to dull green) in the lower part of the frame and turns it a
 * healthy green. Grass is found on the preview as large connected patches of grass-coloured pixels whose
 * centre lies in the lower half, which leaves out trees and hedges (high, or dark) and anything blue or grey
 * (cars, roads, paths). At full resolution each pixel is recoloured only as far as its own colour is grassy,
 * so a grey path or a blue car inside the feathered edge keeps its colour.
 */
export interface PerfectLawnPlan {
  /** Feathered lawn mask at preview resolution, 0–1. */
  mask: Plane;
}

export const MIN_LAWN_SHARE = 0.02;

/** Healthy lawn: a slightly yellow green (sRGB around 75, 120, 40). */
const TARGET_HUE = 98;
const TARGET_SATURATION = 0.56;
const HUE_PULL = 0.75;
const SATURATION_PULL = 0.6;

export function planPerfectLawn(preview: PreviewPixels): PerfectLawnPlan | null {
  const lawn = findLawn(preview);
  return lawn ? { mask: featheredMask(lawn) } : null;
}

export function findLawn(preview: PreviewPixels): Region | null {
  const { width, height } = preview;
  const candidates = closeRegion({ width, height, inside: lawnCandidates(preview) }, 1);
  const minPatch = width * height * 0.004;
  const patches = components(candidates).filter((patch) => patch.length >= minPatch && isLowAndLit(preview, patch));
  const lawn = regionFromMembers(width, height, patches);
  return regionShare(lawn) >= MIN_LAWN_SHARE ? lawn : null;
}

/** Grass colours below the top third: hue from straw (~40°) to green (~150°), saturated enough not to be grey. */
function lawnCandidates({ width, height, hue, saturation, value }: PreviewPixels): Uint8Array {
  const inside = new Uint8Array(width * height);
  for (let i = Math.floor(height * 0.35) * width; i < inside.length; i++) {
    inside[i] = isGrassColour(hue[i]!, saturation[i]!, value[i]!) ? 1 : 0;
  }
  return inside;
}

/** Yellow hues need more saturation to count: beige walls are as yellow as straw but more muted (S ≤ 0.18), wood floors redder. */
const isGrassColour = (hue: number, saturation: number, value: number) =>
  hue >= 40 && hue <= 150 && saturation >= (hue < 62 ? 0.2 : 0.15) && value >= 0.15 && value <= 0.92;

/** A lawn lies low in the frame and is lit: tree crowns sit high, hedges and shade are dark. */
function isLowAndLit(preview: PreviewPixels, patch: Int32Array): boolean {
  let rows = 0;
  let brightness = 0;
  for (const i of patch) {
    rows += Math.floor(i / preview.width);
    brightness += preview.value[i]!;
  }
  return rows / patch.length >= preview.height * 0.55 && brightness / patch.length >= 0.2;
}

function featheredMask(lawn: Region): Plane {
  const binary = createPlane(lawn.width, lawn.height);
  lawn.inside.forEach((flag, i) => (binary.values[i] = flag));
  return mapPlane(smoothBlur(binary, 1), (value) => smoothstep(0.15, 0.7, value));
}

/** The full-resolution pass: pulls hue toward healthy green and saturation up, darkening dry straw a little. */
export function perfectLawnEdit(plan: PerfectLawnPlan, width: number, height: number): RowEdit {
  const sampler = new RowSampler(plan.mask, width, height);
  const maskRow = new Float32Array(width);
  const green = new Float32Array(3);
  return ({ y, pixels, offset }) => {
    sampler.sampleRow(y, maskRow);
    for (let x = 0, i = offset; x < width; x++, i += 3) {
      const mask = maskRow[x]!;
      if (mask <= 0) continue;
      const r = pixels[i]!;
      const g = pixels[i + 1]!;
      const b = pixels[i + 2]!;
      const max = Math.max(r, g, b);
      const chroma = max - Math.min(r, g, b);
      if (max === 0 || chroma === 0) continue;
      const hue = hueDegrees(r, g, b, max, chroma);
      const saturation = chroma / max;
      const alpha = mask * grassiness(hue, saturation);
      if (alpha <= 0) continue;
      healthyGreen(hue, saturation, max / 255, green);
      pixels[i] = r + (green[0]! - r) * alpha;
      pixels[i + 1] = g + (green[1]! - g) * alpha;
      pixels[i + 2] = b + (green[2]! - b) * alpha;
    }
  };
}

/** How grass-like a full-resolution pixel's own colour is, with soft edges so no contour appears. */
const grassiness = (hue: number, saturation: number) =>
  smoothstep(28, 42, hue) * (1 - smoothstep(150, 170, hue)) * smoothstep(0.06, 0.14, saturation);

/** The recoloured pixel in 0–255 RGB, written into `out`. */
function healthyGreen(hue: number, saturation: number, value: number, out: Float32Array) {
  const dryness = 1 - smoothstep(55, 90, hue);
  const newHue = hue + (TARGET_HUE - hue) * HUE_PULL;
  const newSaturation = Math.min(
    0.9,
    saturation + (Math.max(TARGET_SATURATION, saturation) - saturation) * SATURATION_PULL,
  );
  const newValue = value * (1 - 0.15 * dryness);
  hsvToRgb(newHue, newSaturation, newValue * 255, out);
}

function hsvToRgb(hue: number, saturation: number, value: number, out: Float32Array) {
  const sector = (hue / 60) % 6;
  const chroma = value * saturation;
  const second = chroma * (1 - Math.abs((sector % 2) - 1));
  const low = value - chroma;
  const index = Math.floor(sector);
  const [r, g, b] =
    index === 0
      ? [chroma, second, 0]
      : index === 1
        ? [second, chroma, 0]
        : index === 2
          ? [0, chroma, second]
          : index === 3
            ? [0, second, chroma]
            : index === 4
              ? [second, 0, chroma]
              : [chroma, 0, second];
  out[0] = r + low;
  out[1] = g + low;
  out[2] = b + low;
}
