import { describe, expect, it } from 'vitest';
import {
  areaEditBlocker,
  brushDiameter,
  drawStrokes,
  maskSize,
  paintsSomething,
  toMaskPoint,
  type BrushContext,
  type Stroke,
} from './area-brush';

describe('the area brush', () => {
  it("makes the mask in the version's shape, at most 2048 px long", () => {
    expect(maskSize(6000, 4000)).toEqual({ width: 2048, height: 1365 });
    expect(maskSize(1600, 1067)).toEqual({ width: 1600, height: 1067 });
    expect(maskSize(3000, 4000)).toEqual({ width: 1536, height: 2048 });
  });

  it('maps a pointer over the shown picture to mask pixels, clamped to the mask', () => {
    const box = { left: 100, top: 50, width: 400, height: 200 };
    const mask = { width: 2000, height: 1000 };
    expect(toMaskPoint({ x: 300, y: 150 }, box, mask)).toEqual([1000, 500]);
    expect(toMaskPoint({ x: 50, y: 400 }, box, mask)).toEqual([0, 1000]);
    expect(brushDiameter(5, 2000)).toBe(100);
  });

  it('draws paint over, erase out, and a tap as a dot', () => {
    const calls: string[] = [];
    const context = new Proxy({} as Record<string, unknown>, {
      get:
        (_target, name: string) =>
        (...args: unknown[]) =>
          calls.push(`${name}(${args.join(',')})`),
      set: (_target, name: string, value) => {
        calls.push(`${name}=${String(value)}`);
        return true;
      },
    }) as unknown as BrushContext;
    const strokes: Stroke[] = [
      {
        mode: 'paint',
        size: 20,
        points: [
          [1, 2],
          [3, 4],
        ],
      },
      { mode: 'erase', size: 10, points: [[5, 6]] },
    ];
    drawStrokes(context, strokes, 100, 50);
    expect(calls[0]).toBe('clearRect(0,0,100,50)');
    expect(calls).toContain('globalCompositeOperation=source-over');
    expect(calls).toContain('lineWidth=20');
    expect(calls).toContain('lineTo(3,4)');
    expect(calls).toContain('globalCompositeOperation=destination-out');
    expect(calls).toContain(`arc(5,6,5,0,${Math.PI * 2})`);
    expect(calls.at(-1)).toBe('globalCompositeOperation=source-over');
  });

  it('knows whether anything is painted, and says what is missing before sending', () => {
    expect(paintsSomething(new Uint8ClampedArray([255, 0, 0, 0, 255, 0, 0, 127]))).toBe(false);
    expect(paintsSomething(new Uint8ClampedArray([255, 0, 0, 0, 255, 0, 0, 128]))).toBe(true);
    expect(areaEditBlocker({ painted: false, instructions: 'remove the lamp' })).toBe(
      'Paint over the area to change first.',
    );
    expect(areaEditBlocker({ painted: true, instructions: ' ' })).toBe('Say what to change inside the painted area.');
    expect(areaEditBlocker({ painted: true, instructions: 'remove the lamp' })).toBeNull();
  });
});
