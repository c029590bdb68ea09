/**
 * Arrays the caller writes whole before reading them, taken from malloc instead of calloc. jemalloc (the
 * server's allocator, scripts/with-allocator.sh) zeroes a calloc'd block it reuses by handing the block's
 * pages back to the system and faulting them in again: about 20 µs a page on the machines Hearth is measured
 * on, 12 ms of each photo's planning for its 2 MB of planes (docs/decisions/104). Where every element is
 * written anyway, the zeros are wasted; a block from malloc is reused as it is.
 */
export const unfilledFloat32 = (length: number): Float32Array =>
  new Float32Array(Buffer.allocUnsafeSlow(length * Float32Array.BYTES_PER_ELEMENT).buffer, 0, length);

export const unfilledBytes = (length: number): Buffer => Buffer.allocUnsafeSlow(length);
