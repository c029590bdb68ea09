/**
 * The brush of 'Edit an area' (issue 13): strokes painted or erased over the version, kept as a list so Undo
 * takes the last one off and Clear all of them; the mask is drawn from them onto a canvas whose opaque
 * pixels are the painted area (the server reads alpha ≥ 128 as painted, decision 015).
 */

export type BrushMode = 'paint' | 'erase';

export interface Stroke {
  mode: BrushMode;
  /** Diameter, in mask pixels. */
  size: number;
  /** Points in mask pixels. */
  points: [number, number][];
}

/** The mask's long side: enough for a brush, small enough to send quickly (the server scales it to the version). */
export const MASK_LONG_SIDE = 2048;

/** Brush sizes, as a percentage of the picture's width. */
export const BRUSH_SIZES = { min: 1, max: 20, initial: 6 };

/** The mask's pixel size for a version of `width`×`height`: its shape, at most MASK_LONG_SIDE long. */
export function maskSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MASK_LONG_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A brush size (percentage of the width) in mask pixels. */
export const brushDiameter = (percent: number, maskWidth: number) => Math.max(1, (percent / 100) * maskWidth);

/** A pointer's position over the shown picture, in mask pixels (clamped to the mask). */
export function toMaskPoint(
  client: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
  mask: { width: number; height: number },
): [number, number] {
  const x = ((client.x - box.left) / box.width) * mask.width;
  const y = ((client.y - box.top) / box.height) * mask.height;
  return [Math.min(mask.width, Math.max(0, x)), Math.min(mask.height, Math.max(0, y))];
}

/** The part of a 2D context the brush draws with (a canvas's, or a test's recorder). */
export type BrushContext = Pick<
  CanvasRenderingContext2D,
  | 'clearRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'arc'
  | 'fill'
  | 'globalCompositeOperation'
  | 'lineCap'
  | 'lineJoin'
  | 'lineWidth'
  | 'strokeStyle'
  | 'fillStyle'
>;

/** The painted colour: opaque, so the exported mask's alpha is 255 where painted. */
export const PAINT_COLOUR = 'rgb(234, 88, 12)';

/** Draws every stroke in order: paint adds to the area, erase takes from it. */
export function drawStrokes(context: BrushContext, strokes: readonly Stroke[], width: number, height: number) {
  context.clearRect(0, 0, width, height);
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    context.globalCompositeOperation = stroke.mode === 'erase' ? 'destination-out' : 'source-over';
    context.strokeStyle = PAINT_COLOUR;
    context.fillStyle = PAINT_COLOUR;
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    if (rest.length === 0) {
      // A tap paints a dot.
      context.beginPath();
      context.arc(first[0], first[1], stroke.size / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.lineWidth = stroke.size;
    context.beginPath();
    context.moveTo(first[0], first[1]);
    for (const [x, y] of rest) context.lineTo(x, y);
    context.stroke();
  }
  context.globalCompositeOperation = 'source-over';
}

/** Whether the canvas's pixels (RGBA) paint anything the server would read as painted. */
export function paintsSomething(rgba: Uint8ClampedArray): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! >= 128) return true;
  return false;
}

/** What stops the edit from being sent, in the words the form shows; null when it may be sent. */
export function areaEditBlocker({ painted, instructions }: { painted: boolean; instructions: string }): string | null {
  if (!painted) return 'Paint over the area to change first.';
  if (!instructions.trim()) return 'Say what to change inside the painted area.';
  return null;
}
