/** Test-support of @hearth/image-engine: committed fixtures, synthetic pictures, simulated provider answers. */
export { FIXTURE_PHOTOS_DIR, FIXTURE_TIFFS_DIR, fixturePhotoPath, type FixturePhoto } from './fixtures';
export { bmpSuite, type BmpSuiteFile } from './bmp-suite';
export {
  encodedImageMetadata,
  greyscaleJpeg,
  makeJpeg,
  makePng,
  resizedJpeg,
  scaledRgbBytes,
  storedRgb,
  uprightRgbAtSize,
  withCameraMetadata,
} from './images';
export {
  addBackWallWindow,
  addFurniture,
  addLandscaping,
  copyImage,
  drawDoor,
  drawWindow,
  EMPTY_ROOM,
  EXTERIOR_HOUSE,
  extract,
  paintOver,
  simulateProvider,
  type Box,
  type ProviderFraming,
  type ProviderSimulation,
} from './room-edits';
