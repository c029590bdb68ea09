import { parentPort } from 'node:worker_threads';
import { buildRowEdits, type OperationPlans } from './plans';
import { applyRowEdits, type RowRange } from './row-pass';

/** A slice of a pass, as the pool sends it: the frame is shared memory, the plans are copied. */
export interface PassRequest {
  id: number;
  frame: SharedArrayBuffer;
  width: number;
  height: number;
  plans: OperationPlans;
  range: RowRange;
}

export type PassReply = { id: number; error?: string };

parentPort?.on('message', async ({ id, frame, width, height, plans, range }: PassRequest) => {
  try {
    const image = { data: Buffer.from(frame), width, height };
    await applyRowEdits(image, buildRowEdits(plans, width, height), range);
    parentPort!.postMessage({ id } satisfies PassReply);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.stack : String(error) } satisfies PassReply);
  }
});
