/**
 * A byte-level reader of a baseline or progressive JPEG's marker segments, to copy a photo without its
 * metadata and without touching one coefficient of its image (docs/decisions/093). It is strict on
 * purpose: whatever it does not fully understand (an unknown marker, a segment whose length does not add
 * up, bytes between segments, a file that never reaches EOI) makes it give up, and the caller re-encodes
 * the photo from its decoded pixels instead. Pure: no sharp, no files.
 */

/** Why a JPEG cannot be copied as it is; the caller re-encodes it. */
export class JpegCopyRefusedError extends Error {}

export interface JpegFrame {
  /** SOF marker: 0xc0 baseline, 0xc1 extended sequential, 0xc2 progressive (Huffman coding only). */
  marker: number;
  precision: number;
  width: number;
  height: number;
  componentIds: number[];
}

export interface MetadataFreeJpeg {
  /** SOI, tables, frame, scans with their entropy-coded data, APP14 "Adobe" if there was one, EOI. */
  bytes: Buffer;
  frame: JpegFrame;
  /** Every ICC_PROFILE APP2 segment of the original, whole (marker and length included), in order. */
  iccSegments: Buffer[];
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DQT = 0xdb;
const DHT = 0xc4;
const DAC = 0xcc;
const DRI = 0xdd;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;
/** Huffman-coded, sequential or progressive: what browsers and every AI vendor decode. */
const COPYABLE_FRAMES = new Set([0xc0, 0xc1, 0xc2]);
const isApp = (marker: number) => marker >= APP0 && marker <= 0xef;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/** Metadata kept: APP14 "Adobe" says how to read the colours (RGB or YCbCr), so it stays. */
const ADOBE = Buffer.from('Adobe', 'latin1');
const JFIF = Buffer.from('JFIF\0', 'latin1');
const ICC_PROFILE = Buffer.from('ICC_PROFILE\0', 'latin1');

/**
 * The JPEG with every metadata segment removed: all APPn but APP14 "Adobe" (JFIF and its thumbnail, EXIF
 * with GPS and its thumbnail, XMP, ICC, MPF, IPTC, maker notes...), every comment, and whatever follows EOI
 * (phones append more images there). Throws JpegCopyRefusedError when the file is not one this can copy
 * with certainty that it decodes to the same pixels: only 8-bit, 3-component, Huffman-coded frames whose
 * colour space a decoder reads the same without the dropped segments.
 */
export function stripJpegMetadata(file: Buffer): MetadataFreeJpeg {
  const kept: Buffer[] = [file.subarray(0, 2)];
  const iccSegments: Buffer[] = [];
  let frame: JpegFrame | undefined;
  let sawJfif = false;
  let adobeTransform: number | undefined;
  let scans = 0;
  if (file.length < 4 || file[0] !== 0xff || file[1] !== SOI) refuse('not a JPEG');
  let position = 2;
  for (;;) {
    const { marker, start } = readMarker(file, position);
    if (marker === EOI) {
      if (!frame || scans === 0) refuse('EOI before any scan');
      kept.push(file.subarray(start, start + 2));
      break;
    }
    const end = segmentEnd(file, start);
    const segment = file.subarray(start, end);
    const payload = segment.subarray(4);
    position = end;
    if (marker === SOS) {
      if (!frame) refuse('a scan before its frame');
      checkScanHeader(payload);
      position = entropyCodedDataEnd(file, end);
      kept.push(file.subarray(start, position));
      scans++;
    } else if (marker === DQT || marker === DHT || marker === DAC || marker === DRI) {
      checkTables(marker, payload);
      kept.push(segment);
    } else if (COPYABLE_FRAMES.has(marker)) {
      if (frame) refuse('a second frame');
      frame = readFrame(marker, payload);
      kept.push(segment);
    } else if (marker === APP14 && startsWith(payload, ADOBE)) {
      // Always 12 bytes ("Adobe", version, two flag words, transform): no room for anything else.
      if (adobeTransform !== undefined || payload.length !== 12) refuse('an odd APP14 Adobe segment');
      adobeTransform = payload[11];
      kept.push(segment);
    } else if (isApp(marker) || marker === COM) {
      if (marker === APP0 && startsWith(payload, JFIF)) sawJfif = true;
      if (marker === APP2 && startsWith(payload, ICC_PROFILE)) iccSegments.push(segment);
    } else {
      refuse(`marker 0x${marker.toString(16)}`);
    }
  }
  if (!frame) refuse('no frame');
  if (frame.precision !== 8 || frame.componentIds.length !== 3) refuse('not 8-bit, 3-component');
  // A decoder reads the colour space from JFIF, Adobe and the component ids (libjpeg's rules, which browsers
  // share): dropping JFIF must not turn a YCbCr reading into an RGB one.
  const before = colourSpaceOf(frame.componentIds, sawJfif, adobeTransform);
  const after = colourSpaceOf(frame.componentIds, false, adobeTransform);
  if (before !== after || before === 'unknown') refuse('its colour space would read differently');
  return { bytes: Buffer.concat(kept), frame, iccSegments };
}

function refuse(reason: string): never {
  throw new JpegCopyRefusedError(`The JPEG cannot be copied as it is: ${reason}.`);
}

function startsWith(bytes: Buffer, prefix: Buffer) {
  return bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix);
}

/** The marker at `position`, after any 0xff fill bytes; nothing else may sit between segments. */
function readMarker(file: Buffer, position: number): { marker: number; start: number } {
  if (file[position] !== 0xff) refuse(`bytes between segments at ${position}`);
  let start = position;
  while (file[start + 1] === 0xff) start++;
  const marker = file[start + 1];
  if (marker === undefined) refuse('it ends before EOI');
  if (marker === 0 || marker === SOI || isRestart(marker)) refuse(`marker 0x${marker.toString(16)} out of place`);
  return { marker, start };
}

function segmentEnd(file: Buffer, start: number) {
  if (start + 4 > file.length) refuse('it ends inside a segment');
  const length = file.readUInt16BE(start + 2);
  if (length < 2 || start + 2 + length > file.length) refuse('a segment longer than the file');
  return start + 2 + length;
}

/**
 * Where a scan's entropy-coded data ends: at the 0xff (or the first of its fill bytes) of the next marker
 * that is neither a stuffed 0xff00 nor a restart marker.
 */
function entropyCodedDataEnd(file: Buffer, position: number) {
  for (let i = file.indexOf(0xff, position); i !== -1; i = file.indexOf(0xff, i)) {
    let next = i + 1;
    while (file[next] === 0xff) next++;
    const byte = file[next];
    if (byte === undefined) break;
    if (byte !== 0 && !isRestart(byte)) return i;
    i = next + 1;
  }
  return refuse('it ends inside a scan');
}

function readFrame(marker: number, payload: Buffer): JpegFrame {
  if (payload.length < 6) refuse('a short frame header');
  const count = payload[5]!;
  if (payload.length !== 6 + 3 * count) refuse('a frame header of the wrong length');
  const componentIds = Array.from({ length: count }, (_, i) => payload[6 + 3 * i]!);
  if (new Set(componentIds).size !== count) refuse('two components with one id');
  return {
    marker,
    precision: payload[0]!,
    height: payload.readUInt16BE(1),
    width: payload.readUInt16BE(3),
    componentIds,
  };
}

function checkScanHeader(payload: Buffer) {
  const count = payload[0] ?? 0;
  if (count < 1 || count > 4 || payload.length !== 4 + 2 * count) refuse('a scan header of the wrong length');
}

/** Tables must fill their segment exactly, so that no other bytes travel inside them. */
function checkTables(marker: number, payload: Buffer) {
  const exact =
    marker === DQT
      ? walks(payload, (at) => 1 + 64 * ((payload[at]! >> 4) + 1))
      : marker === DHT
        ? walks(payload, (at) => 17 + payload.subarray(at + 1, at + 17).reduce((sum, n) => sum + n, 0))
        : marker === DAC
          ? payload.length % 2 === 0
          : payload.length === 2;
  if (!exact) refuse(`a table segment 0x${marker.toString(16)} that does not add up`);
}

function walks(payload: Buffer, tableLength: (at: number) => number) {
  let at = 0;
  while (at < payload.length) {
    at += tableLength(at);
  }
  return at === payload.length && payload.length > 0;
}

type ColourSpace = 'ycbcr' | 'rgb' | 'unknown';

/** How libjpeg (and the browsers built on it) reads a 3-component frame's colour space. */
function colourSpaceOf(ids: number[], sawJfif: boolean, adobeTransform: number | undefined): ColourSpace {
  if (sawJfif) return 'ycbcr';
  if (adobeTransform !== undefined) return adobeTransform === 0 ? 'rgb' : adobeTransform === 1 ? 'ycbcr' : 'unknown';
  if (ids[0] === 0x52 && ids[1] === 0x47 && ids[2] === 0x42) return 'rgb';
  return 'ycbcr';
}
