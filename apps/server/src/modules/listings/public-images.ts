import { LRUCache } from 'lru-cache';
import { webRendition, type WebImageFormat } from '@hearth/image-engine';

/** The sizes the public page offers each picture in (srcset), and the formats, best first. */
export const RENDITION_WIDTHS = [480, 960, 1600] as const;
export const RENDITION_FORMATS = ['avif', 'webp', 'jpg'] as const satisfies readonly WebImageFormat[];
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

/** How much of this process's memory recently made renditions may hold (a 960 px AVIF is about 10–60 KB). */
const CACHE_BYTES = 48 * 1024 * 1024;

export interface RenditionRequest {
  /** The storage key of the full-size JPEG: a newly chosen version has another key, so it never reads stale. */
  key: string;
  width: RenditionWidth;
  format: RenditionFormat;
  load: () => Promise<Buffer>;
}

/**
 * The public page's smaller copies, made on the first visit and kept in memory: one visitor's phone downloads
 * a 960 px AVIF instead of a 5 MB camera JPEG. Two visitors asking for the same copy at once share one encode
 * (the cache's fetch), and the fixed widths and formats bound what anyone can make the server encode.
 */
export function createRenditionCache() {
  const cache = new LRUCache<string, Buffer, RenditionRequest>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (buffer) => buffer.length,
    fetchMethod: async (_cacheKey, _stale, { context }) =>
      webRendition(await context.load(), context.width, context.format),
  });
  return {
    async get(request: RenditionRequest): Promise<Buffer> {
      const image = await cache.fetch(`${request.key}@${request.width}.${request.format}`, { context: request });
      return image!;
    },
  };
}

export type RenditionCache = ReturnType<typeof createRenditionCache>;
