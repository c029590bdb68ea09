/**
 * @hearth/image-engine: everything Hearth does to pixels. Reading and writing image files (sharp/libvips,
 * HEIC and BMP decoders in worker threads, type sniffing), the local engine (Professional Enhancement, Blue
 * Sky, Perfect Lawn), and fitting a provider's result back onto the original with its structure check.
 * It knows nothing of users, projects, jobs or providers.
 */
export {
  decodeToRgb,
  describeImageCodec,
  DISPLAY_SIDE,
  displayPixelsOf,
  encodeRgbToJpeg,
  ImageTooLargeError,
  JPEG_QUALITY,
  makeDisplayCopyAndThumbnail,
  makeThumbnail,
  makeThumbnailFromRgb,
  MAX_INPUT_PIXELS,
  metadataFreeJpegStream,
  normalizeToJpeg,
  readImageInfo,
  readImageInfoFromHead,
  resizeRgb,
  startDecoding,
  updateDisplayPixels,
  writeDisplayCopyAndThumbnail,
  type ImageInfo,
  type RgbImage,
} from './codecs/image-codec';
export {
  decodeImageBuffer,
  encodeForProvider,
  encodeRgbToJpegBuffer,
  encodeRgbToPngBuffer,
  encodeRgbToPngFile,
  readImageBufferInfo,
  resizeRgbExact,
  type EncodedImageInfo,
} from './codecs/image-compose';
export { sniffImageFile, sniffImageType, type ImageType } from './codecs/image-type';
export {
  decodePhoto,
  type DecodedPhoto,
  LOCAL_TEMPLATE_OPERATIONS,
  NO_LAWN,
  NO_SKY,
  runLocalEngine,
  type LocalEngineInput,
  type LocalEngineResult,
  type LocalOperation,
  type LocalTemplateName,
} from './local/local-engine';
export { runPhotoWork } from './local/photo-threads';
export { describeEnhancementPass } from './local/native-pass';
export { describeNativeKernels } from './native/kernels';
export { PhotoUnreadableError, type PhotoWork, type PhotoWorkResult } from './local/photo-work';
export { fullCollection, memoryReducingCollection } from './local/full-collection';
export {
  AreaMaskError,
  MAX_MASK_SIDE,
  maskForProvider,
  readAreaMask,
  scaleMask,
  type AreaMask,
} from './area-edit/area-mask';
export {
  AREA_FEATHER,
  composeAreaEdit,
  prepareArea,
  type AreaEditOptions,
  type AreaEditResult,
  type PreparedArea,
} from './area-edit/compose-area';
export {
  deflateRowsAroundArea,
  writeAreaEditPng,
  writeAreaEditPngFromBands,
  type RowsAroundArea,
} from './area-edit/area-png';
export { PngBandWriter } from './codecs/png-bands';
export { fitToOriginal, type FitOptions, type FitResult } from './fit-to-original/fit-to-original';
export { STRUCTURE_REVIEW_REASON, type ChangeZone, type StructureCheck } from './fit-to-original/structure';
export { EYE_LEVEL, GROUND_LEVEL, NOTHING_STRUCTURAL } from './fit-to-original/change-zones';
export { webRendition, writeWebImage, type WebImageFormat, type WebImageOptions } from './codecs/web-images';
export { mlsPhoto, readXmpDescription, type BurnedLabel, type MlsPhotoOptions } from './codecs/mls-photo';
