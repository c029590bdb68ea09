"""Part of make.sh: the TIFFs Pillow writes (python3 pillow-writes.py source.png out-dir)."""
import os
import sys

from PIL import Image

source, out = sys.argv[1], sys.argv[2]
rgb = Image.open(source).convert("RGB")


def save(image, name, **options):
    image.save(os.path.join(out, name), format="TIFF", **options)


save(rgb, "pillow-lzw.tif", compression="tiff_lzw")
save(rgb, "pillow-jpeg.tif", compression="jpeg", quality=80)
save(rgb.convert("CMYK"), "pillow-cmyk-jpeg.tif", compression="jpeg", quality=80)
save(rgb.convert("CMYK"), "pillow-cmyk.tif", compression="tiff_adobe_deflate")
grey16 = rgb.convert("L").point(lambda v: v * 257, "I").convert("I;16B")
save(grey16, "pillow-grey-16bit-big-endian.tif", compression="tiff_adobe_deflate")
save(rgb, "pillow-two-pages.tif", compression="tiff_lzw", save_all=True, append_images=[rgb.convert("L")])
exif = Image.Exif()
exif[0x010F] = "Hearth test"  # Make
exif[0x0110] = "make-test-tiffs"  # Model
save(rgb, "pillow-exif.tif", compression="tiff_lzw", exif=exif, dpi=(300, 300))
