/** How many images a request takes from the allowance: every variation of every photo is one image (issue 12). */
export const imagesToUse = (photos: number, variations = 1) => Math.max(0, photos) * Math.max(1, variations);

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What a request will use, said before the user commits: 'This will use 6 images (3 photos × 2 variations).',
 * 'This will use 2 images (one per variation).', 'This will use 3 images (one per photo).', 'This will use 1 image.'
 */
export function imageCostText(photos: number, variations = 1): string {
  const images = imagesToUse(photos, variations);
  const head = `This will use ${count(images, 'image')}`;
  if (photos > 1 && variations > 1) return `${head} (${count(photos, 'photo')} × ${count(variations, 'variation')}).`;
  if (variations > 1) return `${head} (one per variation).`;
  if (photos > 1) return `${head} (one per photo).`;
  return `${head}.`;
}
