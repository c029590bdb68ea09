#!/usr/bin/env bash
# Makes the committed TIFF test files (packages/image-engine/fixtures/tiff), one small picture written by each of
# the TIFF writers a listing photo may come from:
#
#   bash scripts/make-test-tiffs/make.sh      # from the repository root; a few seconds
#
# Needs Debian's libtiff-tools, imagemagick and python3-pil:  apt-get install libtiff-tools imagemagick python3-pil
# (ImageMagick 6.9, libtiff 4.5, Pillow 9.4 on Debian 12) and the repository's own sharp. Tests only read the
# committed files; nothing here runs at test time.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/packages/image-engine/fixtures/tiff"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
rm -f "$OUT"/*.tif

# The source picture: the exterior test photo at 128×96, as PPM for libtiff and ImageMagick, PNG for Pillow.
# sharp also writes its own TIFFs here (it puts the image directory after the pixels, as libvips does).
(cd "$ROOT/packages/image-engine" && node scripts/sharp-writes.mjs "$ROOT/packages/image-engine/fixtures/photos/exterior.jpg" "$WORK" "$OUT")

# libtiff's own tools.
ppm2tiff "$WORK/source.ppm" "$WORK/libtiff-raw.tif"
tiffcp -c lzw:2 "$WORK/libtiff-raw.tif" "$OUT/libtiff-lzw-predictor.tif"
tiffcp -c zip -B "$WORK/libtiff-raw.tif" "$OUT/libtiff-deflate-big-endian.tif"
tiffcp -c zip -t -w 64 -l 64 "$WORK/libtiff-raw.tif" "$OUT/libtiff-deflate-tiled.tif"
tiffcp -c jpeg:r:75 "$WORK/libtiff-raw.tif" "$OUT/libtiff-jpeg-ycbcr.tif"
tiffcp -8 -c lzw "$WORK/libtiff-raw.tif" "$OUT/libtiff-bigtiff.tif"
tiff2bw "$WORK/libtiff-raw.tif" "$WORK/grey.tif"
tiffdither "$WORK/grey.tif" "$WORK/bilevel.tif"
tiffcp -c g4 "$WORK/bilevel.tif" "$OUT/libtiff-fax-g4.tif"
tiffcp -c lzw "$WORK/grey.tif" "$OUT/libtiff-grey-lzw.tif"
tiffcp -c lzw "$WORK/libtiff-raw.tif" "$WORK/grey.tif" "$OUT/libtiff-two-pages.tif"

# ImageMagick 6.
convert "$WORK/source.ppm" -endian MSB -depth 16 -compress zip "$OUT/magick-16bit-big-endian.tif"
convert "$WORK/source.ppm" -colorspace CMYK -compress jpeg -quality 80 "$OUT/magick-cmyk-jpeg.tif"
convert "$WORK/source.ppm" -colorspace CMYK -compress lzw "$OUT/magick-cmyk-lzw.tif"
convert "$WORK/source.ppm" -colors 64 -type Palette -compress lzw "$OUT/magick-palette.tif"
convert "$WORK/source.ppm" -define tiff:tile-geometry=32x32 -compress zip "$OUT/magick-tiled.tif"
convert "$WORK/source.ppm" -define quantum:format=floating-point -depth 32 -compress zip "$OUT/magick-float32.tif"
convert "$WORK/source.ppm" -alpha set -compress lzw "$OUT/magick-rgba.tif"
convert "$WORK/source.ppm" -compress lzw TIFF64:"$OUT/magick-bigtiff.tif"

# Pillow.
/usr/bin/python3 "$HERE/pillow-writes.py" "$WORK/source.png" "$OUT"

ls -l "$OUT"
