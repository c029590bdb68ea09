import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { readHead } from './file-head';

/** The upload formats SPEC §5 accepts, named by what their bytes are, never by file name or Content-Type. */
export type ImageType = 'jpeg' | 'png' | 'heic' | 'webp' | 'gif' | 'bmp' | 'tiff';

/** Bytes of the file's head that hold a HEIF `ftyp` box (its size is bounded below). */
const FTYP_BYTES = 4096;

const TYPE_BY_EXTENSION: Record<string, ImageType> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  bmp: 'bmp',
  tif: 'tiff',
};

/**
 * HEIF brands of still HEVC images and image sequences (ISO/IEC 23008-12 and libheif's list). file-type
 * knows some of them as the major brand only, and calls 'heim'/'heis' MP4; AVIF ('avif', 'avis') is
 * deliberately absent: SPEC §5 does not accept it.
 */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
/** Structural brands: they say "an image in a HEIF container" without naming its codec. */
const STRUCTURAL_HEIF_BRANDS = new Set(['mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * Identifies an accepted image type from a file's bytes, or null for anything else: SVG, HTML, scripts,
 * videos, AVIF, camera raw files.
 *
 * The file is read where its format says to look, not only at its head: a TIFF's first image directory may
 * sit anywhere, and libvips, scanners and many cameras write it after the pixels, at the end of the file.
 */
export async function sniffImageFile(path: string): Promise<ImageType | null> {
  const ftyp = readFtypBrands(await readHead(path, FTYP_BYTES));
  if (ftyp) return isHeicStill(ftyp) ? 'heic' : null;
  // file-type throws on some malformed structures (a directory pointing past the end): not an image we take.
  const detected = await fileTypeFromFile(path).catch(() => undefined);
  return detected ? (TYPE_BY_EXTENSION[detected.ext] ?? null) : null;
}

/** {@link sniffImageFile} for bytes already in memory: the whole file, or as much of it as there is. */
export async function sniffImageType(bytes: Uint8Array): Promise<ImageType | null> {
  const ftyp = readFtypBrands(bytes);
  if (ftyp) return isHeicStill(ftyp) ? 'heic' : null;
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  return detected ? (TYPE_BY_EXTENSION[detected.ext] ?? null) : null;
}

interface FtypBrands {
  major: string;
  compatible: string[];
}

/**
 * Reads the ISO-BMFF `ftyp` box (size, 'ftyp', major brand, minor version, compatible brands), which
 * opens every HEIF file. We read it ourselves because the decision needs the compatible brands too: a
 * 'mif1' file may hold HEVC (accepted) or AV1 (AVIF, refused), and only the brand list tells them apart.
 */
export function readFtypBrands(head: Uint8Array): FtypBrands | null {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const boxSize = view.getUint32(0);
  if (boxSize < 16 || boxSize > 4096) return null;
  const end = Math.min(boxSize, head.length);
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= end; offset += 4) compatible.push(ascii(head, offset, offset + 4));
  return { major: ascii(head, 8, 12), compatible };
}

function isHeicStill({ major, compatible }: FtypBrands): boolean {
  if (HEIF_BRANDS.has(major)) return true;
  if (!STRUCTURAL_HEIF_BRANDS.has(major)) return false;
  // A structural major brand is HEIF unless the brand list says AV1 (AVIF) and not HEVC.
  const namesHevc = compatible.some((brand) => HEIF_BRANDS.has(brand));
  const namesAv1 = compatible.some((brand) => AVIF_BRANDS.has(brand));
  return namesHevc || !namesAv1;
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
