import { loadAddon } from './load-addon';

/**
 * When the allocator gives freed memory back to the system (native/free-memory.c, docs/decisions/103): held
 * while photos are worked, so the next photo reuses the last one's pages instead of faulting in new ones, and
 * all given back once the burst is over. Without the addon the allocator keeps its own decay
 * (scripts/with-allocator.sh) and these do nothing.
 */
interface Addon {
  holdFreeMemory(): string;
  releaseFreeMemory(): string;
}

const ADDON = '@hearth/image-engine/native-free-memory';

const addon = () => {
  const state = loadAddon<Addon>(ADDON);
  return 'loaded' in state ? state.loaded : undefined;
};

/** Keeps freed pages for reuse until {@link releaseFreeMemory}. */
export function holdFreeMemory(): void {
  addon()?.holdFreeMemory();
}

/** Gives every free page back to the system now, and returns the allocator to its configured decay. */
export function releaseFreeMemory(): void {
  addon()?.releaseFreeMemory();
}
