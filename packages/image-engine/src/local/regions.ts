/**
 * Binary regions on the preview grid (one byte a pixel, 1 = in): growing, cleaning and measuring them.
 * Used to find the sky (grown from the top edge) and lawns (connected patches in the lower frame).
 */
export interface Region {
  width: number;
  height: number;
  inside: Uint8Array;
}

/**
 * Grows a region from seed pixels over 4-neighbours: a neighbour joins when `accepts(from, to)` says so.
 * Growing step by step (rather than thresholding) is what keeps a white wall out of a white sky: the two
 * may look alike, but they meet at an edge the growth will not cross.
 */
export function growRegion(
  width: number,
  height: number,
  seeds: Iterable<number>,
  accepts: (from: number, to: number) => boolean,
): Region {
  const inside = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  for (const seed of seeds) {
    if (inside[seed]) continue;
    inside[seed] = 1;
    queue[tail++] = seed;
  }
  while (head < tail) {
    const from = queue[head++]!;
    const x = from % width;
    const neighbours = [x > 0 ? from - 1 : -1, x < width - 1 ? from + 1 : -1, from - width, from + width];
    for (const to of neighbours) {
      if (to < 0 || to >= inside.length || inside[to] || !accepts(from, to)) continue;
      inside[to] = 1;
      queue[tail++] = to;
    }
  }
  return { width, height, inside };
}

/** Connected components (4-neighbour) of a region, each as its list of pixel indices. */
export function components(region: Region): Int32Array[] {
  const { width, inside } = region;
  const seen = new Uint8Array(inside.length);
  const queue = new Int32Array(inside.length);
  const found: Int32Array[] = [];
  for (let start = 0; start < inside.length; start++) {
    if (!inside[start] || seen[start]) continue;
    seen[start] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    while (head < tail) {
      const from = queue[head++]!;
      const x = from % width;
      for (const to of [x > 0 ? from - 1 : -1, x < width - 1 ? from + 1 : -1, from - width, from + width]) {
        if (to < 0 || to >= inside.length || seen[to] || !inside[to]) continue;
        seen[to] = 1;
        queue[tail++] = to;
      }
    }
    found.push(queue.slice(0, tail));
  }
  return found;
}

/** Morphological closing (dilate, then erode) with a square of the given radius: fills pinholes and gaps. */
export const closeRegion = (region: Region, radius: number): Region => erode(dilate(region, radius), radius);

export const dilate = (region: Region, radius: number): Region => morph(region, radius, 1);
export const erode = (region: Region, radius: number): Region => morph(region, radius, 0);

/** Separable square max (dilate, keep = 1) or min (erode, keep = 0) filter; outside the frame counts as `keep`'s opposite. */
function morph(region: Region, radius: number, keep: 0 | 1): Region {
  const { width, height } = region;
  const pass = (source: Uint8Array, alongRows: boolean) => {
    const out = new Uint8Array(source.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let result = keep === 1 ? 0 : 1;
        for (let d = -radius; d <= radius && result !== keep; d++) {
          const nx = alongRows ? x + d : x;
          const ny = alongRows ? y : y + d;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          if (source[ny * width + nx] === keep) result = keep;
        }
        out[y * width + x] = result;
      }
    }
    return out;
  };
  return { width, height, inside: pass(pass(region.inside, true), false) };
}

export const regionShare = (region: Region) =>
  region.inside.reduce((sum, flag) => sum + flag, 0) / region.inside.length;

export function regionFromMembers(width: number, height: number, members: Iterable<Int32Array>): Region {
  const inside = new Uint8Array(width * height);
  for (const list of members) for (const index of list) inside[index] = 1;
  return { width, height, inside };
}
