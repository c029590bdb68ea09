// Part of make.sh: the source picture, and the TIFFs sharp (libvips) writes. Run from packages/image-engine (its sharp), by scripts/make-test-tiffs/make.sh.
import path from 'node:path';
import sharp from 'sharp';

const [photo, work, out] = process.argv.slice(2);
const source = sharp(photo).resize(128, 96).removeAlpha();
const { data, info } = await source.clone().raw().toBuffer({ resolveWithObject: true });
const ppm = Buffer.concat([Buffer.from(`P6\n${info.width} ${info.height}\n255\n`, 'latin1'), data]);
await import('node:fs/promises').then((fs) => fs.writeFile(path.join(work, 'source.ppm'), ppm));
await source.clone().png().toFile(path.join(work, 'source.png'));

const tiff = (options, name) => source.clone().tiff(options).toFile(path.join(out, name));
await tiff({ compression: 'jpeg', quality: 80 }, 'sharp-jpeg.tif');
await tiff({ compression: 'lzw', predictor: 'horizontal' }, 'sharp-lzw.tif');
await tiff({ compression: 'deflate' }, 'sharp-deflate.tif');
await tiff({ compression: 'lzw', tile: true, tileWidth: 64, tileHeight: 64 }, 'sharp-tiled.tif');
await tiff({ compression: 'jpeg', pyramid: true, tile: true, tileWidth: 64, tileHeight: 64 }, 'sharp-pyramid.tif');
