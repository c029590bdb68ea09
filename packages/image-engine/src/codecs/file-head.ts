import { open } from 'node:fs/promises';

/**
 * The first `length` bytes of a file (fewer if it is shorter). A module of its own so that the decoders
 * (image-codec.ts, which photo threads load) do not load file-type with the sniffing (image-type.ts): about
 * 50 ms of CPU for every photo thread that starts.
 */
export async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
