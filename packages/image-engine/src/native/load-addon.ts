import { createRequire } from 'node:module';

/**
 * The package's native addons (packages/image-engine/native: decisions 095 and 099), found and loaded once
 * each. They are built when the package is installed; where they could not be (no C compiler), or with
 * NATIVE_PASS=off, each caller takes its WebAssembly or JavaScript path and nothing else changes.
 *
 * An addon is found through the package's exports, not next to the module asking: the built server bundles
 * the engine into apps/server/dist, while the addons stay where the install built them.
 */
export type AddonState<T> = { loaded: T } | { reason: string };

const states = new Map<string, AddonState<unknown>>();
const require = createRequire(import.meta.url);

/** The addon's file, or why there is none to use; loads nothing. */
export function locateAddon(specifier: string): { path: string } | { reason: string } {
  if (process.env.NATIVE_PASS === 'off') return { reason: 'turned off (NATIVE_PASS=off)' };
  try {
    return { path: require.resolve(specifier) };
  } catch {
    return { reason: 'not built (see packages/image-engine/native)' };
  }
}

/** The addon, loaded the first time it is asked for (after `prepare`), or why it cannot be used. */
export function loadAddon<T>(specifier: string, prepare?: () => void): AddonState<T> {
  const known = states.get(specifier);
  if (known) return known as AddonState<T>;
  const found = locateAddon(specifier);
  let state: AddonState<T>;
  if (!('path' in found)) state = found;
  else {
    try {
      prepare?.();
      state = { loaded: require(found.path) as T };
    } catch (error) {
      state = { reason: `failed to load: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  states.set(specifier, state);
  return state;
}
