import { createRequire } from 'node:module';
import type SharpModule from 'sharp';

/**
 * sharp, loaded the first time it is used. Loading it maps libvips and its codecs, about 19 MB of resident
 * memory, which a process that has not yet handled an image (an idle server, an API-only process) need not
 * carry (issue 16: idle RSS). sharp is CommonJS, so the first call loads it synchronously and every call,
 * static (`sharp.versions`) or not (`sharp(path)`), behaves as the module itself.
 */
let loaded: typeof SharpModule | undefined;

function load(): typeof SharpModule {
  if (!loaded) {
    loaded = createRequire(import.meta.url)('sharp') as typeof SharpModule;
    // Each image is read once, so libvips' operation cache would only hold memory and open files.
    loaded.cache(false);
    // One thread per image, whatever the allocator (sharp's default is one per core, except on glibc without
    // jemalloc or MALLOC_ARENA_MAX): the job queue already runs photos side by side, one a core (decision 097).
    loaded.concurrency(1);
  }
  return loaded;
}

export const sharp = new Proxy((() => undefined) as unknown as typeof SharpModule, {
  apply: (_target, _this, args: unknown[]) => Reflect.apply(load(), undefined, args),
  get: (_target, property) => Reflect.get(load(), property),
});
