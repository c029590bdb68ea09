import type { OverlayOptions } from 'sharp';
import { sharp } from './sharp';
import { MAX_INPUT_PIXELS } from './image-codec';

/** A disclosure label burned into a photo's corner (issue 14). */
export interface BurnedLabel {
  text: string;
  corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
  /** The label's height as a share of the photo's shorter side. */
  heightRatio: number;
}

export interface MlsPhotoOptions {
  /** The longest side of the result, in pixels; a smaller photo is not enlarged. */
  longEdge: number;
  label?: BurnedLabel;
  /** The disclosure, written as the photo's description (XMP dc:description, the IPTC Core 'Description'). */
  description: string;
  /** The largest file the MLS takes; the quality steps down until the photo fits. */
  maxBytes: number;
}

/** Most MLSs refuse photos over 10 MB; at these qualities JPEG keeps a 3000 px photo far below it. */
const QUALITIES = [90, 82, 74, 66, 58, 50] as const;

/**
 * A photo as an MLS takes it: upright, at most `longEdge` on its longest side, sRGB with the profile embedded,
 * a baseline JPEG under `maxBytes`, with the disclosure label burned in when one is given and the disclosure
 * in its XMP description. Nothing else of the source's metadata is kept (no camera, no GPS).
 */
export async function mlsPhoto(source: Buffer, options: MlsPhotoOptions): Promise<Buffer> {
  const { data, info } = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
    .rotate()
    .resize({ width: options.longEdge, height: options.longEdge, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const overlay = options.label ? [labelOverlay(options.label, info.width, info.height)] : [];
  const xmp = xmpDescription(options.description);
  for (const quality of QUALITIES) {
    const jpeg = await sharp(data, { raw })
      .composite(overlay)
      .withIccProfile('srgb')
      .withXmp(xmp)
      .jpeg({ quality, optimiseCoding: true, chromaSubsampling: '4:2:0' })
      .toBuffer();
    if (jpeg.length <= options.maxBytes || quality === QUALITIES.at(-1)) return jpeg;
  }
  throw new Error('unreachable');
}

/** White text on a dark, mostly opaque band: readable on any photo (the rules ask for a conspicuous label). */
function labelOverlay(label: BurnedLabel, width: number, height: number): OverlayOptions {
  const band = Math.max(14, Math.round(Math.min(width, height) * label.heightRatio));
  const fontSize = Math.round(band * 0.62);
  const padding = Math.round(band * 0.35);
  // DejaVu Sans averages about 0.6 em per character; the band is sized to the text, capped at the photo.
  const bandWidth = Math.min(width, Math.round(label.text.length * fontSize * 0.6 + padding * 2));
  const margin = Math.round(band * 0.4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${bandWidth}" height="${band}">
<rect width="100%" height="100%" rx="${Math.round(band * 0.15)}" fill="#000" fill-opacity="0.72"/>
<text x="${padding}" y="${Math.round(band * 0.7)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize}" fill="#fff">${escapeXml(label.text)}</text>
</svg>`;
  const left = label.corner.endsWith('left') ? margin : Math.max(0, width - bandWidth - margin);
  const top = label.corner.startsWith('top') ? margin : Math.max(0, height - band - margin);
  return { input: Buffer.from(svg), left, top };
}

/** The XMP packet carrying the description (dc:description is what IPTC Core calls 'Description'). */
function xmpDescription(description: string): string {
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(description)}</rdf:li></rdf:Alt></dc:description>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The description in a JPEG's XMP packet, as an MLS or a checker would read it (null when it has none). */
export async function readXmpDescription(jpeg: Buffer): Promise<string | null> {
  const { xmp } = await sharp(jpeg).metadata();
  if (!xmp) return null;
  const match = /<dc:description>\s*<rdf:Alt>\s*<rdf:li[^>]*>([\s\S]*?)<\/rdf:li>/.exec(xmp.toString('utf8'));
  return match ? unescapeXml(match[1]!) : null;
}

const unescapeXml = (text: string) =>
  text.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!,
  );
