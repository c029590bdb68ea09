/** The file name of an `attachment` Content-Disposition, preferring the exact UTF-8 `filename*` (RFC 6266). */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1];
  return plain?.trim() || null;
}

const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const END_OF_CENTRAL_DIRECTORY = [0x50, 0x4b, 0x05, 0x06];
// The end record is 22 bytes plus a comment of at most 65535 bytes.
const END_SEARCH_BYTES = 22 + 0xffff;

const matchesAt = (bytes: Uint8Array, at: number, signature: number[]) =>
  signature.every((byte, i) => bytes[at + i] === byte);

/**
 * True when the bytes start like a ZIP and contain its end record: a ZIP cut short while it streamed
 * (the server builds it on the fly) fails this check instead of saving a file nobody can open.
 */
export function looksLikeCompleteZip(bytes: Uint8Array): boolean {
  if (bytes.length < 22 || !matchesAt(bytes, 0, LOCAL_HEADER)) return false;
  const from = Math.max(0, bytes.length - END_SEARCH_BYTES);
  for (let at = bytes.length - 22; at >= from; at--) {
    if (matchesAt(bytes, at, END_OF_CENTRAL_DIRECTORY)) return true;
  }
  return false;
}
