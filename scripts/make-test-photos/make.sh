#!/usr/bin/env bash
# Makes Hearth's committed test photos (packages/image-engine/fixtures/photos) from scratch:
#
#   bash scripts/make-test-photos/make.sh        # from the repository root; about 15 minutes on 2 cores
#
# Needs Debian's blender (Cycles renders the scenes in scenes.py), libheif-examples (heif-enc, the HEIC) and
# libimage-exiftool-perl (exiftool, the EXIF tags):  apt-get install blender libheif-examples libimage-exiftool-perl
# Tests only read the committed results; nothing here runs at test time.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/packages/image-engine/fixtures/photos"
SAMPLES="${SAMPLES:-32}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"

for scene in empty-interior furnished-interior exterior exterior-portrait; do
  echo "rendering $scene ($SAMPLES samples) ..."
  blender --background --factory-startup --python "$HERE/scenes.py" -- "$scene" "$WORK/$scene.png" "$SAMPLES" \
    > "$WORK/$scene.log" 2>&1 || { tail -20 "$WORK/$scene.log"; exit 1; }
done

(cd "$ROOT" && npx tsx scripts/make-test-photos/finish.ts "$WORK" "$OUT")

# A HEIC as a phone writes it: HEVC (x265) in a HEIF container, 8-bit 4:2:0.
heif-enc --quality 50 --output "$OUT/furnished-interior.heic" "$WORK/furnished-interior.png" > /dev/null

# The portrait: orientation 6 (rotate 90° clockwise to display), plus the personal metadata a phone adds and
# Hearth must strip: GPS position, camera make and model, capture time.
exiftool -quiet -overwrite_original \
  -Orientation#=6 \
  -Make=Apple -Model='iPhone 13' -Software='17.5.1' \
  -DateTimeOriginal='2024:05:18 10:42:07' -CreateDate='2024:05:18 10:42:07' \
  -GPSLatitude=40.748817 -GPSLatitudeRef=N -GPSLongitude=73.985428 -GPSLongitudeRef=W \
  -GPSAltitude=12 -GPSAltitudeRef=0 \
  "$OUT/portrait-exif-orientation-6.jpg"

ls -l "$OUT"
echo "blender: $(blender --version 2>/dev/null | head -1)"
echo "heif-enc: $(heif-enc --help 2>&1 | head -1 | sed 's/^ *//')"
echo "exiftool: $(exiftool -ver)"
