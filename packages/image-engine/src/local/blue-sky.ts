import {
  createPlane,
  mapPlane,
  percentile,
  percentiles,
  type Plane,
  RowSampler,
  smoothBlur,
  smoothstep,
} from './planes';
import type { PreviewPixels } from './preview';
import { closeRegion, components, dilate, growRegion, type Region, regionShare } from './regions';
import type { RowEdit } from './row-pass';

/**
 * Blue Sky: finds a grey or washed-out sky and replaces it with a natural blue gradient with a few soft
 * clouds. The sky is found on the preview as the smooth, bright, neutral-or-blue region grown from the top
 * edge; at full resolution its feathered mask is tightened pixel by pixel (anything clearly darker than the
 * sky, such as a roof edge or a branch, keeps its own colour), so edges stay crisp without a precise mask.
 */
export interface BlueSkyPlan {
  /** Feathered sky mask at preview resolution, 0–1. */
  mask: Plane;
  /** Cloud cover at preview resolution, 0–1. */
  clouds: Plane;
  /** The old sky's mean colour on each preview row (R, G, B interleaved), filled in above and below it. */
  oldSkyByRow: Float32Array;
  /** Typical luma of what borders the sky (roofs, leaves): a pixel this dark holds no sky at all. */
  foregroundLuma: number;
  /** Row (as a fraction of the height) where the gradient reaches its horizon colour. */
  horizon: number;
  /** Brightness of the new sky relative to a typical daylight sky, matched to the old one. */
  exposure: number;
}

/** Below this share of the frame there is no sky worth replacing (a glimpse through leaves, a window). */
export const MIN_SKY_SHARE = 0.02;

const ZENITH = [62, 121, 196];
const HORIZON = [170, 202, 233];
const CLOUD = [246, 248, 251];

export function planBlueSky(preview: PreviewPixels): BlueSkyPlan | null {
  const sky = findSky(preview);
  if (!sky) return null;
  const skyLuma = lumaInside(preview, sky);
  const rows = rowsInside(sky);
  const medianSkyLuma = percentile(skyLuma, 0.5);
  return {
    mask: featheredMask(sky),
    clouds: cloudCover(preview.width, preview.height),
    oldSkyByRow: meanColourByRow(preview, sky),
    foregroundLuma: Math.min(medianSkyLuma - 40, foregroundLumaAround(preview, sky)),
    horizon: Math.max(0.15, percentile(rows, 0.97) / preview.height),
    exposure: Math.min(1.08, Math.max(0.8, medianSkyLuma / 205)),
  };
}

/**
 * The sky region on the preview, or null when there is too little of it. Candidates are smooth (sky has no
 * texture), in the upper 80% of the frame, and either bright and grey-to-cool (an overcast or washed-out sky
 * is among the brightest things in an outdoor photo) or plainly blue. The region is grown from candidates on
 * the top edge, between neighbours of similar brightness and within a small colour distance of the seeds.
 */
export function findSky(preview: PreviewPixels): Region | null {
  const candidate = skyCandidates(preview);
  const seeds = topEdgeSeeds(preview, candidate);
  if (seeds.length < preview.width * 0.05) return null;
  const reference = meanChromaticity(preview, seeds);
  const skyColoured = (i: number) => candidate[i] === 1 && chromaticityDistance(preview, i, reference) < 0.07;
  const grown = growRegion(preview.width, preview.height, seeds, (from, to) => {
    return skyColoured(to) && Math.abs(preview.luma[to]! - preview.luma[from]!) <= 10;
  });
  const sky = fillEnclosedHoles(closeRegion(grown, 2));
  if (regionShare(sky) < MIN_SKY_SHARE || looksLikeACeiling(preview, sky)) return null;
  return addPocketsSeenThroughTrees(preview, sky, skyColoured);
}

/**
 * Patches of sky cut off from the rest by a tree (under a crown, between trunks) are not connected to the
 * top edge, but are sky all the same. A sky-coloured candidate patch joins when its luma is within a few
 * levels of the sky's own range and at least 10% of its surroundings are sky, foliage or the frame's edge.
 * White walls, doors and trim fail one or both: they are a shade off the sky, and surrounded by the house
 * (on the test exterior, wall patches score 0–2%, sky pockets 14–22%).
 */
function addPocketsSeenThroughTrees(preview: PreviewPixels, sky: Region, skyColoured: (i: number) => boolean): Region {
  const { width, height } = sky;
  const [darkest, brightest] = percentiles(lumaInside(preview, sky), [0.05, 0.95]) as [number, number];
  const patches: Region = { width, height, inside: new Uint8Array(width * height) };
  for (let i = 0; i < width * height; i++) {
    if (!sky.inside[i] && skyColoured(i)) patches.inside[i] = 1;
  }
  const result = sky.inside.slice();
  for (const patch of components(patches)) {
    if (patch.length < 12) continue;
    const luma = percentile(
      Array.from(patch, (i) => preview.luma[i]!),
      0.5,
    );
    if (luma < darkest - 4 || luma > brightest + 4) continue;
    if (shareOfSkyOrFoliageAround(preview, sky, patch) < 0.1) continue;
    for (const i of patch) result[i] = 1;
  }
  return { width, height, inside: result };
}

const isSkyOrFoliage = (preview: PreviewPixels, sky: Region, i: number) =>
  sky.inside[i] === 1 || (preview.green[i]! > preview.red[i]! + 5 && preview.green[i]! > preview.blue[i]! + 5);

/** Share of the pixels within 2 of a patch (and outside it) that are sky, foliage or off the frame. */
function shareOfSkyOrFoliageAround(preview: PreviewPixels, sky: Region, patch: Int32Array): number {
  const { width, height } = preview;
  const inPatch = new Set(patch);
  // Keys on a grid 2 pixels wider on every side, so off-frame neighbours count once each as well.
  const ring = new Set<number>();
  for (const i of patch) {
    const x = i % width;
    const y = Math.floor(i / width);
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        const onFrame = nx >= 0 && ny >= 0 && nx < width && ny < height;
        if (onFrame && inPatch.has(ny * width + nx)) continue;
        ring.add((ny + 2) * (width + 4) + nx + 2);
      }
    }
  }
  let passing = 0;
  for (const key of ring) {
    const nx = (key % (width + 4)) - 2;
    const ny = Math.floor(key / (width + 4)) - 2;
    const onFrame = nx >= 0 && ny >= 0 && nx < width && ny < height;
    if (!onFrame || isSkyOrFoliage(preview, sky, ny * width + nx)) passing++;
  }
  return ring.size ? passing / ring.size : 0;
}

/**
 * A grey sky is among the brightest things in its photo (it is the light source); a smooth grey region at
 * the top that is not, is a ceiling. Blue regions are not questioned: ceilings are not blue.
 */
function looksLikeACeiling(preview: PreviewPixels, region: Region): boolean {
  let saturation = 0;
  let count = 0;
  region.inside.forEach((flag, i) => {
    if (!flag) return;
    saturation += preview.saturation[i]!;
    count++;
  });
  const grey = saturation / count < 0.12;
  return grey && percentile(lumaInside(preview, region), 0.5) < percentile(preview.luma, 0.85) - 12;
}

/**
 * Anything the growth went around that does not reach the bottom edge (a cloud brighter than its
 * neighbours, noise, a wire, a bird) becomes sky too; the full-resolution pass still keeps whatever in it
 * is darker than sky. Whatever reaches the bottom edge is standing on the ground: trees, houses, poles.
 */
function fillEnclosedHoles(sky: Region): Region {
  const { width, height } = sky;
  const outside: Region = { width, height, inside: sky.inside.map((flag) => 1 - flag) };
  const filled = sky.inside.slice();
  for (const hole of components(outside)) {
    const reachesBottom = hole.some((i) => i >= (height - 1) * width);
    if (!reachesBottom && hole.length < 0.05 * width * height) for (const i of hole) filled[i] = 1;
  }
  return { width, height, inside: filled };
}

/** Mean old sky colour per preview row; rows without sky take the nearest row's, then a light vertical blur. */
function meanColourByRow(preview: PreviewPixels, sky: Region): Float32Array {
  const { width, height } = preview;
  const sums = new Float32Array(height * 3);
  const counts = new Uint32Array(height);
  sky.inside.forEach((flag, i) => {
    if (!flag) return;
    const row = Math.floor(i / width);
    sums[row * 3]! += preview.red[i]!;
    sums[row * 3 + 1]! += preview.green[i]!;
    sums[row * 3 + 2]! += preview.blue[i]!;
    counts[row]!++;
  });
  const rowsWithSky = [...counts.keys()].filter((row) => counts[row]! > 0);
  const byRow = new Float32Array(height * 3);
  for (let row = 0; row < height; row++) {
    const source = rowsWithSky.reduce((best, candidate) =>
      Math.abs(candidate - row) < Math.abs(best - row) ? candidate : best,
    );
    for (let c = 0; c < 3; c++) byRow[row * 3 + c] = sums[source * 3 + c]! / counts[source]!;
  }
  return byRow;
}

/** The luma just outside the sky's edge (30th percentile of a 2-pixel ring): roofs, leaves, walls. */
function foregroundLumaAround(preview: PreviewPixels, sky: Region): number {
  const ring = dilate(sky, 2);
  const values: number[] = [];
  ring.inside.forEach((flag, i) => flag && !sky.inside[i] && values.push(preview.luma[i]!));
  return values.length ? percentile(values, 0.3) : 0;
}

function skyCandidates(preview: PreviewPixels): Uint8Array {
  const { width, height, luma, saturation, hue, red, blue } = preview;
  const texture = textureOf(preview);
  const brightGrey = Math.max(130, percentile(luma, 0.75) - 20);
  const candidate = new Uint8Array(width * height);
  const lowestRow = Math.floor(height * 0.8);
  for (let i = 0; i < lowestRow * width; i++) {
    if (texture[i]! > 14) continue;
    const cool = blue[i]! >= red[i]! - 6;
    const greyAndBright = saturation[i]! < 0.2 && luma[i]! >= brightGrey && cool;
    const blueSky = hue[i]! >= 185 && hue[i]! <= 250 && saturation[i]! >= 0.12 && luma[i]! >= 80;
    if (greyAndBright || blueSky) candidate[i] = 1;
  }
  return candidate;
}

/** Sum of the absolute central differences of luma, across and down: near 0 in the sky, high in foliage. */
function textureOf({ width, height, luma }: PreviewPixels): Float32Array {
  const texture = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      texture[i] = Math.abs(luma[i + 1]! - luma[i - 1]!) + Math.abs(luma[i + width]! - luma[i - width]!);
    }
  }
  return texture;
}

function topEdgeSeeds(preview: PreviewPixels, candidate: Uint8Array): number[] {
  const seeds: number[] = [];
  for (let i = preview.width; i < 3 * preview.width; i++) if (candidate[i]) seeds.push(i);
  return seeds;
}

type Chromaticity = [number, number];

/** Share of red and of blue in r+g+b: colour without brightness, so a sky's gradient stays one colour. */
function chromaticityAt(preview: PreviewPixels, i: number): Chromaticity {
  const sum = preview.red[i]! + preview.green[i]! + preview.blue[i]! + 1;
  return [preview.red[i]! / sum, preview.blue[i]! / sum];
}

function meanChromaticity(preview: PreviewPixels, pixels: number[]): Chromaticity {
  const sum: Chromaticity = [0, 0];
  for (const i of pixels) {
    const [r, b] = chromaticityAt(preview, i);
    sum[0] += r;
    sum[1] += b;
  }
  return [sum[0] / pixels.length, sum[1] / pixels.length];
}

function chromaticityDistance(preview: PreviewPixels, i: number, reference: Chromaticity): number {
  const [r, b] = chromaticityAt(preview, i);
  return Math.abs(r - reference[0]) + Math.abs(b - reference[1]);
}

function lumaInside(preview: PreviewPixels, region: Region): number[] {
  const values: number[] = [];
  region.inside.forEach((flag, i) => flag && values.push(preview.luma[i]!));
  return values;
}

function rowsInside(region: Region): number[] {
  const rows: number[] = [];
  region.inside.forEach((flag, i) => flag && rows.push(Math.floor(i / region.width)));
  return rows;
}

/**
 * The sky grown by 2 preview pixels, then feathered. Growth stops a little short of edges (their pixels are
 * textured); the mask must reach past them, and the pass's luma test keeps the foreground it then covers.
 */
function featheredMask(sky: Region): Plane {
  const grown = dilate(sky, 2);
  const binary = createPlane(sky.width, sky.height);
  grown.inside.forEach((flag, i) => (binary.values[i] = flag));
  return mapPlane(smoothBlur(binary, 1), (value) => smoothstep(0.1, 0.6, value));
}

/**
 * Soft cumulus-like cover: a few octaves of value noise, stretched sideways (clouds are wider than tall),
 * thresholded so most of the sky stays clear, and thinning toward the top. Seeded by the preview's size,
 * so a photo always gets the same clouds.
 */
function cloudCover(width: number, height: number): Plane {
  const random = seededRandom(width * 7919 + height);
  // Noise coordinates in units of the longer side, so clouds keep their shape in portrait photos too.
  const size = Math.max(width, height);
  const octaves = [
    { cells: 3, weight: 0.55 },
    { cells: 7, weight: 0.3 },
    { cells: 15, weight: 0.15 },
  ].map(({ cells, weight }) => {
    const columns = Math.ceil((cells * width) / size + 1);
    const rows = Math.ceil((cells * 2 * height) / size + 1);
    return { grid: lattice(columns, rows, random), columns, rows, cells, weight };
  });
  const cover = createPlane(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let noise = 0;
      for (const { grid, columns, rows, cells, weight } of octaves) {
        // Twice the frequency down as across: clouds are wider than tall.
        noise += weight * sampleLattice(grid, columns, rows, (x / size) * cells, (y / size) * cells * 2);
      }
      const thinningTowardTop = 0.6 + 0.4 * (y / height);
      cover.values[y * width + x] = smoothstep(0.52, 0.85, noise) * 0.55 * thinningTowardTop;
    }
  }
  return cover;
}

function lattice(columns: number, rows: number, random: () => number): Float32Array {
  return Float32Array.from({ length: (columns + 1) * (rows + 1) }, random);
}

function sampleLattice(grid: Float32Array, columns: number, rows: number, x: number, y: number): number {
  const x0 = Math.min(columns - 1, Math.floor(x));
  const y0 = Math.min(rows - 1, Math.floor(y));
  const tx = smoothstep(0, 1, x - x0);
  const ty = smoothstep(0, 1, y - y0);
  const at = (cx: number, cy: number) => grid[cy * (columns + 1) + cx]!;
  const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * tx;
  const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * tx;
  return top + (bottom - top) * ty;
}

/** Mulberry32: a tiny deterministic generator; Math.random would give every run different clouds. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The full-resolution pass. Each pixel near or in the sky is treated as a mix of old sky and foreground, in
 * the proportion its luma says (old sky's luma: all sky; the foreground's: none), and only the sky share is
 * swapped: pixel + share × (new sky − old sky). Pure sky becomes the new sky and keeps its grain and any
 * real cloud; a leaf's or a roof edge's half-sky pixel loses its grey fringe without becoming blue itself.
 */
export function blueSkyEdit(plan: BlueSkyPlan, width: number, height: number): RowEdit {
  const maskSampler = new RowSampler(plan.mask, width, height);
  const cloudSampler = new RowSampler(plan.clouds, width, height);
  const maskRow = new Float32Array(width);
  const cloudRow = new Float32Array(width);
  const previewRows = plan.oldSkyByRow.length / 3;
  // Reads the pixels as the edits before it in the pass left them (the enhancement, the lawn), as a sky
  // replaced after them would see them: the plan was made on the preview they leave (local-engine.ts).
  return ({ y, pixels, offset }) => {
    maskSampler.sampleRow(y, maskRow);
    if (!maskRow.some((value) => value > 0)) return;
    cloudSampler.sampleRow(y, cloudRow);
    const previewRow = Math.min(previewRows - 1, Math.floor(((y + 0.5) * previewRows) / height));
    const oldSky = plan.oldSkyByRow.subarray(previewRow * 3, previewRow * 3 + 3);
    const oldSkyLuma = 0.299 * oldSky[0]! + 0.587 * oldSky[1]! + 0.114 * oldSky[2]!;
    const lumaSpan = Math.max(20, oldSkyLuma - plan.foregroundLuma);
    const gradient = skyColourAt(plan, y / height);
    for (let x = 0, out = offset; x < width; x++, out += 3) {
      const mask = maskRow[x]!;
      if (mask <= 0) continue;
      const r = pixels[out]!;
      const g = pixels[out + 1]!;
      const b = pixels[out + 2]!;
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      const skyShare = Math.min(1, Math.max(0, (luma - plan.foregroundLuma) / lumaSpan));
      // Sunlit leaves can be nearly as bright as the sky: a clearly green pixel keeps its colour. (Mixed edge
      // pixels are only a little green and must still lose their grey.)
      const sunlitLeaf = g > b + 25 && g > r + 10 ? 0 : 1;
      const share = mask * skyShare * sunlitLeaf;
      if (share <= 0) continue;
      const cloud = cloudRow[x]!;
      for (let c = 0; c < 3; c++) {
        const newSky = gradient[c]! + (CLOUD[c]! * plan.exposure - gradient[c]!) * cloud;
        pixels[out + c] = pixels[out + c]! + share * (newSky - oldSky[c]!);
      }
    }
  };
}

/** Zenith blue at the top of the frame to pale horizon blue at the sky's lowest rows. */
function skyColourAt(plan: BlueSkyPlan, rowFraction: number): number[] {
  const t = Math.min(1, rowFraction / plan.horizon) ** 0.85;
  return ZENITH.map((zenith, c) => (zenith + (HORIZON[c]! - zenith) * t) * plan.exposure);
}
