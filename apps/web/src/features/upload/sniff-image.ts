/** Bytes read from the head of a chosen file: enough for every signature below. */
const HEAD_BYTES = 64;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  bytes.every((byte, index) => head[at + index] === byte);
const ascii = (head: Uint8Array, start: number, end: number) => String.fromCharCode(...head.subarray(start, end));

/**
 * Whether the first bytes carry the signature of a format SPEC §5 accepts (JPEG, PNG, GIF, WEBP, BMP, TIFF, or
 * an ISO-BMFF 'ftyp' box as HEIC opens with). A quick check at selection so a renamed text file or document is
 * flagged at once; the server still identifies every upload by its bytes and decides.
 */
export function hasImageSignature(head: Uint8Array): boolean {
  return (
    startsWith(head, [0xff, 0xd8, 0xff]) ||
    startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    ascii(head, 0, 6) === 'GIF87a' ||
    ascii(head, 0, 6) === 'GIF89a' ||
    (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') ||
    ascii(head, 0, 2) === 'BM' ||
    startsWith(head, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]) ||
    ascii(head, 4, 8) === 'ftyp'
  );
}

/** Reads the head of a chosen file and checks its signature; a file that cannot be read is not an image. */
export async function looksLikeImage(file: Blob): Promise<boolean> {
  try {
    return hasImageSignature(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
  } catch {
    return false;
  }
}
