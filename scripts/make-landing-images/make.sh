#!/usr/bin/env bash
# Makes the landing page's before/after pictures (apps/web/public/landing) from scratch:
#
#   bash scripts/make-landing-images/make.sh     # from the repository root; about 12 minutes on 2 cores
#
# Needs Debian's blender (apt-get install blender). Four rooms are rendered by rooms.py, each empty and then
# staged; the curb-appeal pair is the committed rendered exterior (packages/image-engine/fixtures/photos/exterior.jpg,
# made by scripts/make-test-photos) before and after Hearth's own local engine ran Blue Sky and Perfect Lawn on
# it. finish.ts then writes the responsive AVIF, WebP and JPEG files the page uses.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
SAMPLES="${SAMPLES:-12}"
WORK="${WORK:-$(mktemp -d)}"
mkdir -p "$WORK"

for room in living-room kitchen master-bedroom office; do
  for state in empty staged; do
    if [ -s "$WORK/$room-$state.png" ]; then continue; fi
    echo "rendering $room ($state, $SAMPLES samples) ..."
    blender --background --factory-startup --python "$HERE/rooms.py" -- "$room" "$state" "$WORK/$room-$state.png" "$SAMPLES" \
      > "$WORK/$room-$state.log" 2>&1 || { tail -20 "$WORK/$room-$state.log"; exit 1; }
  done
done

(cd "$ROOT" && npx tsx scripts/make-landing-images/finish.ts "$WORK")
echo "blender: $(blender --version 2>/dev/null | head -1)"
