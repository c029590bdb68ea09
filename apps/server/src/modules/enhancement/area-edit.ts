import {
  composeAreaEdit,
  decodeImageBuffer,
  decodeToRgb,
  deflateRowsAroundArea,
  displayPixelsOf,
  encodeForProvider,
  maskForProvider,
  PngBandWriter,
  prepareArea,
  readAreaMask,
  updateDisplayPixels,
  writeAreaEditPng,
  writeAreaEditPngFromBands,
  writeDisplayCopyAndThumbnail,
  type AreaMask,
  type RowsAroundArea,
} from '@hearth/image-engine';
import type { StagingProvider } from '../../infrastructure/ai-providers/provider';
import { changeZoneFor } from './change-zones';
import { callRecord, NO_LIMITS, type GenerativeEditResult, type StageLimits } from './generative-edit';

/**
 * An area edit (issue 13, decision 015): the base version goes to the provider with the painted area (to
 * models that take a mask; the others get the whole photo), and what comes back is fitted to the base and
 * blended into it only inside the area. The result is written as PNG, so every pixel outside the area decodes
 * to exactly the base version's.
 */

/** Said to every model after the agent's instruction: those without a mask see the whole photo. */
export const AREA_EDIT_PROMPT =
  'Change only what the instruction is about, inside the marked area; keep everything else in the photo exactly as it is.';

export interface AreaEditInput {
  /** The base version's stored result (JPEG, or PNG when it was itself an area edit). */
  basePath: string;
  baseType: 'jpeg' | 'png';
  /** The painted area as the browser sent it (checked when the edit was asked for). */
  mask: Buffer;
  outputPath: string;
  /** A JPEG of the result (at most DISPLAY_SIDE long), to show it: the PNG is what a download gets. */
  displayPath: string;
  thumbnailPath: string;
  prompt: string;
  provider: StagingProvider;
  signal?: AbortSignal;
  limits?: StageLimits;
}

export interface AreaEditResult extends GenerativeEditResult {
  /** Writes the result again, smaller (its middle rows deflated, not stored): same pixels, same PNG otherwise. */
  compact: (outputPath: string) => Promise<void>;
}

export async function runAreaEdit(input: AreaEditInput): Promise<AreaEditResult> {
  const { cpu, cpuBeforeCall, providerCalls } = input.limits ?? NO_LIMITS;
  // What the provider call waits for goes ahead of other CPU work (as for every generative edit).
  const { maskRead, sent, providerMask } = await cpuBeforeCall(async () => {
    // The mask goes only to models that take it; Gemini is sent the whole photo, and its call need not wait
    // for the mask (checked when the edit was asked for) to be read: that is done while it works.
    const [maskRead, sent] = await Promise.all([
      input.provider.takesMask ? readAreaMask(input.mask) : undefined,
      encodeForProvider(input.basePath, (source) => input.provider.inputSide(source)),
    ]);
    const providerMask = maskRead && (await maskForProvider(maskRead, sent.width, sent.height));
    return { maskRead, sent, providerMask };
  });
  // Everything that needs only the base is made while the provider works, so it adds nothing to the wait. It
  // starts with the call, not before: a version waiting for a call slot holds no decoded base.
  // The PNG rows around the area are a task of their own: the fit needs only the base and the feather, so
  // when the provider answers before the rows are compressed, it need not wait for them.
  let prepared: Promise<PreparedBase> | undefined;
  let around: Promise<RowsAroundArea> | undefined;
  const answer = await providerCalls(() => {
    prepared = cpu(async () => prepareBase(input, maskRead ?? (await readAreaMask(input.mask))));
    around = prepared.then(({ base, area }) => cpu(() => deflateRowsAroundArea(base, area.region)));
    // Both awaited below; a failed call must not leave them unhandled meanwhile.
    prepared.catch(() => undefined);
    around.catch(() => undefined);
    return input.provider.edit({
      image: sent.image,
      mimeType: 'image/jpeg',
      prompt: `${input.prompt}\n${AREA_EDIT_PROMPT}`,
      aspectRatio: sent.width / sent.height,
      targetSize: sent.source,
      signal: input.signal,
      mask: providerMask,
    });
  });

  const { base, mask, area, shown } = await prepared!;
  // The PNG's rows the area spans are filtered as they are made, beside the blend, and stored uncompressed:
  // deflating them (~200 ms of CPU at 24 MP) would be the largest part of the wait. `compact` writes the
  // smaller file of the same pixels once the version is shown.
  const middle = new PngBandWriter({ stored: true });
  const composed = await cpu(async () => {
    const result = await decodeImageBuffer(answer.image);
    const done = await composeAreaEdit(base, result, mask, {
      zone: changeZoneFor(null),
      prepared: area,
      overwriteBase: true,
      onRowsMade: (image, top, bottom) => middle.add(image, top, bottom),
    });
    await Promise.all([
      // The blend writes only the area's rows, so the rows around it can still be read meanwhile.
      Promise.all([around!, middle.finish()]).then(([rows, middleRows]) =>
        writeAreaEditPng(input.outputPath, done.image, rows, middleRows),
      ),
      // The display copy's pixels outside the area are the base's, made while the provider worked.
      updateDisplayPixels(shown, done.image, area.region).then((display) =>
        writeDisplayCopyAndThumbnail(display, input.displayPath, input.thumbnailPath),
      ),
    ]);
    return done;
  });

  return {
    width: composed.image.width,
    height: composed.image.height,
    engine: 'ai',
    operations: ['generative-edit', 'area-edit', 'fit-to-original'],
    notes: [],
    needsReview: composed.structure.needsReview,
    reviewReason: composed.structure.reason ?? null,
    call: callRecord(answer, sent),
    compact: compactor(composed.image, await around!, middle),
  };
}

/**
 * The same PNG with the area's rows deflated (a third of their stored size). Made here, not inline, so that
 * what it holds until it runs is the filtered rows and the deflated rows around them, not the decoded image
 * that the step's other closures share.
 */
function compactor(size: { width: number; height: number }, around: RowsAroundArea, middle: PngBandWriter) {
  const { width, height } = size;
  return async (outputPath: string) =>
    writeAreaEditPngFromBands(outputPath, { width, height }, around, await middle.compacted());
}

type PreparedBase = Awaited<ReturnType<typeof prepareBase>>;

/** The base decoded, its working copy, the feather and its display copy's pixels. */
async function prepareBase(input: AreaEditInput, mask: AreaMask) {
  const base = await decodeToRgb(input.basePath, input.baseType);
  const [area, shown] = await Promise.all([prepareArea(base, mask), displayPixelsOf(base)]);
  return { base, mask, area, shown };
}
