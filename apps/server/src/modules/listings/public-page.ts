import { ALTERATION_LABELS, captionFor, type DisclosureProfile } from '@hearth/contracts';
import type { ExportablePhoto } from './check';
import { RENDITION_FORMATS, RENDITION_WIDTHS } from './public-images';

export interface PublicListing {
  /** The listing address, else the project's name: nothing about the agent's account. */
  title: string;
  mlsNumber: string | null;
  profile: DisclosureProfile;
  /** '/listing/<token>': the page's own path, under which its images are served. */
  path: string;
  photos: ExportablePhoto[];
}

const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The public originals page (California §10140.8): each disclosed photo beside its unaltered original with the
 * statement that it was altered and how, the exempt ones as they are. Complete HTML with its styles inline and
 * no script, so it shows at once on a phone; never indexed.
 */
export function renderPublicPage(listing: PublicListing): string {
  const title = escapeHtml(listing.title);
  const items = listing.photos.map((photo, index) => figure(listing, photo, index === 0)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Original photos · ${title}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:1200px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:1.5rem;margin:0 0 4px}
.lead{margin:0 0 24px;color:#57534e}
article{background:#fff;border:1px solid #e7e5e4;border-radius:12px;padding:16px;margin:0 0 24px}
.pair{display:grid;gap:12px;grid-template-columns:1fr}
@media (min-width:768px){.pair.two{grid-template-columns:1fr 1fr}}
figure{margin:0}
img{display:block;width:100%;height:auto;border-radius:8px;background:#e7e5e4}
figcaption{font-size:.875rem;color:#57534e;margin-top:6px}
.statement{margin:12px 0 0;font-weight:600}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p class="lead">${listing.mlsNumber ? `MLS #${escapeHtml(listing.mlsNumber)} · ` : ''}Every digitally altered photo of this listing is shown beside its unaltered original.</p>
${items || '<p>No photos are published for this listing.</p>'}
</main>
</body>
</html>`;
}

/** How wide a picture shows (main is at most 1200 px, less 32 px of page and 34 px of card padding). */
const SIZES = {
  alone: '(min-width: 1200px) 1134px, calc(100vw - 66px)',
  paired: '(min-width: 1200px) 561px, (min-width: 768px) calc(50vw - 39px), calc(100vw - 66px)',
};

function figure(listing: PublicListing, photo: ExportablePhoto, first: boolean): string {
  const paired = photo.edit.classification !== 'exempt' && Boolean(photo.originalKey);
  const image = (kind: 'result' | 'original', alt: string) =>
    picture(`${listing.path}/photos/${photo.id}/${kind}`, alt, photo, paired ? SIZES.paired : SIZES.alone, first);
  const name = escapeHtml(photo.fileName);
  if (!paired) {
    return `<article><div class="pair"><figure>${image('result', photo.fileName)}<figcaption>${name}: light, colour and exposure adjusted only; not digitally altered.</figcaption></figure></div></article>`;
  }
  const caption = captionFor(listing.profile, photo.edit);
  const what = photo.edit.alterations.map((a) => ALTERATION_LABELS[a]).join(', ');
  return `<article>
<div class="pair two">
<figure>${image('result', `${photo.fileName}, ${caption.toLowerCase()}`)}<figcaption>${escapeHtml(caption)}</figcaption></figure>
<figure>${image('original', `${photo.fileName}, unaltered original`)}<figcaption>Original photo (unaltered)</figcaption></figure>
</div>
<p class="statement">${escapeHtml(caption)}: this photo was digitally altered (${escapeHtml(what)}). The unaltered original is shown beside it.</p>
</article>`;
}

/**
 * One picture in the sizes and formats the browser picks from (AVIF, WebP, else JPEG), linked to the full-size
 * photo. The first row of the page is loaded at once (it is what a visitor sees first); the rest as they scroll.
 */
function picture(base: string, alt: string, photo: ExportablePhoto, sizes: string, eager: boolean): string {
  const srcset = (format: string) => RENDITION_WIDTHS.map((w) => `${base}-${w}.${format} ${w}w`).join(', ');
  const sources = RENDITION_FORMATS.filter((format) => format !== 'jpg')
    .map((format) => `<source type="image/${format}" srcset="${srcset(format)}" sizes="${sizes}">`)
    .join('');
  const size = photo.width && photo.height ? ` width="${photo.width}" height="${photo.height}"` : '';
  const loading = eager ? ' fetchpriority="high"' : ' loading="lazy"';
  const img = `<img src="${base}-960.jpg" srcset="${srcset('jpg')}" sizes="${sizes}" alt="${escapeHtml(alt)}"${size}${loading} decoding="async">`;
  return `<a href="${base}.jpg" aria-label="${escapeHtml(alt)}, full size"><picture>${sources}${img}</picture></a>`;
}
