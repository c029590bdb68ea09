/**
 * Known edits of the repository's rendered rooms, drawn pixel by pixel, and a stand-in for what a provider
 * does to a photo (reshape to its own ~1 MP frame, shift the tone a little, soften, re-encode). The unit tests
 * and the structure-check calibration (decision 020) build their cases from these.
 */
import { decodeImageBuffer, encodeRgbToJpegBuffer, resizeRgbExact } from '../codecs/image-compose';
import type { RgbImage } from '../codecs/image-codec';

export type Colour = [number, number, number];

/** A box in fractions of the frame. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const copyImage = (image: RgbImage): RgbImage => ({ ...image, data: Buffer.from(image.data) });

function paint(image: RgbImage, box: Box, colourAt: (u: number, v: number) => Colour | undefined) {
  const { width, height, data } = image;
  const x0 = Math.round(box.left * width);
  const x1 = Math.round(box.right * width);
  const y0 = Math.round(box.top * height);
  const y1 = Math.round(box.bottom * height);
  for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) {
      const colour = colourAt((x - x0 + 0.5) / (x1 - x0), (y - y0 + 0.5) / (y1 - y0));
      if (!colour) continue;
      const i = (y * width + x) * 3;
      data[i] = colour[0];
      data[i + 1] = colour[1];
      data[i + 2] = colour[2];
    }
  }
}

const shade = (colour: Colour, factor: number): Colour => [
  Math.min(255, Math.round(colour[0] * factor)),
  Math.min(255, Math.round(colour[1] * factor)),
  Math.min(255, Math.round(colour[2] * factor)),
];

/** A soft-edged ellipse filling `box`, shaded from top to bottom like a lit rounded object. */
export function drawBlob(image: RgbImage, box: Box, colour: Colour) {
  paint(image, box, (u, v) => {
    const d = (u - 0.5) ** 2 / 0.25 + (v - 0.5) ** 2 / 0.25;
    return d <= 1 ? shade(colour, 1.1 - 0.35 * v) : undefined;
  });
}

/** A box with rounded corners (a sofa body, a cabinet), shaded top to bottom. */
export function drawRoundedBox(image: RgbImage, box: Box, colour: Colour, corner = 0.2) {
  paint(image, box, (u, v) => {
    const dx = Math.max(0, Math.abs(u - 0.5) - (0.5 - corner)) / corner;
    const dy = Math.max(0, Math.abs(v - 0.5) - (0.5 - corner)) / corner;
    return dx * dx + dy * dy <= 1 ? shade(colour, 1.05 - 0.3 * v) : undefined;
  });
}

/** A window: white frame and mullions around a bright view (sky over greenery). */
export function drawWindow(image: RgbImage, box: Box) {
  paint(image, box, (u, v) => {
    const frame =
      u < 0.06 || u > 0.94 || v < 0.06 || v > 0.94 || Math.abs(u - 0.5) < 0.025 || Math.abs(v - 0.45) < 0.02;
    if (frame) return [236, 234, 228];
    return v < 0.55 ? [150 + Math.round(60 * v), 190 + Math.round(40 * v), 230] : [70, 130, 60];
  });
}

/** A door: a painted panel with a frame, two recessed panels and a handle. */
export function drawDoor(image: RgbImage, box: Box) {
  paint(image, box, (u, v) => {
    if (u < 0.07 || u > 0.93 || v < 0.04) return [245, 243, 238];
    const inPanel = u > 0.2 && u < 0.8 && ((v > 0.1 && v < 0.45) || (v > 0.55 && v < 0.9));
    if (Math.abs(u - 0.85) < 0.03 && Math.abs(v - 0.52) < 0.015) return [90, 80, 60];
    return inPanel ? [214, 210, 202] : [232, 229, 222];
  });
}

/**
 * Paints over a box with the wall around it: each row blends the colours just left and right of the box, as a
 * model that removed a window would leave plain wall.
 */
export function paintOver(image: RgbImage, box: Box) {
  const { width, height, data } = image;
  const x0 = Math.max(1, Math.round(box.left * width));
  const x1 = Math.min(width - 2, Math.round(box.right * width));
  for (let y = Math.round(box.top * height); y < Math.round(box.bottom * height); y++) {
    const left = (y * width + x0 - 1) * 3;
    const right = (y * width + x1 + 1) * 3;
    for (let x = x0; x <= x1; x++) {
      const t = (x - x0) / Math.max(1, x1 - x0);
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round(data[left + c]! * (1 - t) + data[right + c]! * t);
    }
  }
}

/** Furniture on the floor of the empty interior: a sofa, an armchair, a round table, a rug, a low sideboard. */
export function addFurniture(image: RgbImage): RgbImage {
  const out = copyImage(image);
  drawBlob(out, { left: 0.3, top: 0.7, right: 0.66, bottom: 0.86 }, [196, 186, 170]); // rug
  drawRoundedBox(out, { left: 0.44, top: 0.53, right: 0.63, bottom: 0.64 }, [120, 128, 136]); // sofa
  drawRoundedBox(out, { left: 0.46, top: 0.5, right: 0.61, bottom: 0.55 }, [132, 140, 148], 0.4); // sofa back
  drawRoundedBox(out, { left: 0.18, top: 0.58, right: 0.32, bottom: 0.74 }, [205, 180, 150], 0.3); // armchair
  drawBlob(out, { left: 0.4, top: 0.66, right: 0.55, bottom: 0.74 }, [150, 110, 70]); // table
  drawRoundedBox(out, { left: 0.72, top: 0.56, right: 0.8, bottom: 0.78 }, [110, 80, 55], 0.1); // sideboard
  drawBlob(out, { left: 0.69, top: 0.48, right: 0.75, bottom: 0.6 }, [70, 120, 60]); // plant
  return out;
}

/** Shrubs and flower beds along the front of the house and on the lawn, below the facade. */
export function addLandscaping(image: RgbImage): RgbImage {
  const out = copyImage(image);
  for (const [left, colour] of [
    [0.27, [60, 110, 50]],
    [0.36, [70, 125, 55]],
    [0.6, [60, 110, 50]],
    [0.68, [180, 90, 120]],
  ] as [number, Colour][]) {
    drawBlob(out, { left, top: 0.64, right: left + 0.07, bottom: 0.72 }, colour);
  }
  drawBlob(out, { left: 0.08, top: 0.78, right: 0.22, bottom: 0.86 }, [170, 80, 90]);
  drawBlob(out, { left: 0.82, top: 0.76, right: 0.95, bottom: 0.84 }, [200, 170, 70]);
  return out;
}

/** Boxes of the openings in the rendered rooms (fractions of the frame), measured on the fixtures. */
export const EMPTY_ROOM = {
  window: { left: 0.12, top: 0.32, right: 0.325, bottom: 0.59 },
  door: { left: 0.605, top: 0.395, right: 0.685, bottom: 0.625 },
  backWall: { left: 0.44, top: 0.37, right: 0.58, bottom: 0.55 },
  rightWall: { left: 0.8, top: 0.2, right: 0.9, bottom: 0.6 },
};

/** The empty room with a new window on its back wall: an edit the structure check must flag. */
export function addBackWallWindow(image: RgbImage): RgbImage {
  const out = copyImage(image);
  drawWindow(out, EMPTY_ROOM.backWall);
  return out;
}

export const EXTERIOR_HOUSE = {
  upperWindow: { left: 0.54, top: 0.445, right: 0.685, bottom: 0.535 },
  facadeGap: { left: 0.44, top: 0.44, right: 0.52, bottom: 0.535 },
};

export type ProviderFraming = 'stretched' | 'cropped' | 'padded';

export interface ProviderSimulation {
  width: number;
  height: number;
  framing: ProviderFraming;
  /** Exposure and colour shift the model adds: value × gain + offset. */
  gain?: number;
  offset?: number;
  /** Re-encode as JPEG at this quality (the model's own output compression). */
  quality?: number;
}

/**
 * What a provider hands back for `edited`: squeezed, cropped or extended into its own `width`×`height`,
 * tone-shifted and re-encoded. Extended margins are filled with the edge pixels, as an outpainting model
 * continues the walls.
 */
export async function simulateProvider(edited: RgbImage, simulation: ProviderSimulation): Promise<RgbImage> {
  const target = simulation.width / simulation.height;
  const ratio = edited.width / edited.height;
  let framed = edited;
  if (simulation.framing === 'cropped') {
    const width = ratio > target ? Math.round(edited.height * target) : edited.width;
    const height = ratio > target ? edited.height : Math.round(edited.width / target);
    framed = extract(
      edited,
      Math.floor((edited.width - width) / 2),
      Math.floor((edited.height - height) / 2),
      width,
      height,
    );
  } else if (simulation.framing === 'padded') {
    const width = ratio < target ? Math.round(edited.height * target) : edited.width;
    const height = ratio < target ? edited.height : Math.round(edited.width / target);
    framed = padEdges(edited, width, height);
  }
  const resized = await resizeRgbExact(framed, simulation.width, simulation.height);
  const gain = simulation.gain ?? 1;
  const offset = simulation.offset ?? 0;
  for (let i = 0; i < resized.data.length; i++) {
    resized.data[i] = Math.max(0, Math.min(255, Math.round(resized.data[i]! * gain + offset)));
  }
  return decodeImageBuffer(await encodeRgbToJpegBuffer(resized, simulation.quality ?? 88));
}

export function extract(image: RgbImage, left: number, top: number, width: number, height: number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * image.width + left) * 3;
    image.data.copy(data, y * width * 3, from, from + width * 3);
  }
  return { data, width, height };
}

function padEdges(image: RgbImage, width: number, height: number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  const left = Math.floor((width - image.width) / 2);
  const top = Math.floor((height - image.height) / 2);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, y - top));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, x - left));
      image.data.copy(data, (y * width + x) * 3, (sy * image.width + sx) * 3, (sy * image.width + sx) * 3 + 3);
    }
  }
  return { data, width, height };
}
