import type { ChangeZone } from './structure';

/**
 * The rows an edit may change, for the structure check. Listing photos are shot level, so eye level (the
 * horizon) falls on the middle row: furniture stands below it, while every window and door reaches above it.
 * Changes to the ground in front of a house (a lawn, a patio) stay below GROUND_LEVEL; an edit that changes
 * the light everywhere but no line of the building changes NOTHING_STRUCTURAL, so the whole frame is checked.
 * Which edit changes which zone is the caller's knowledge (the server maps its templates to these).
 */
export const EYE_LEVEL: ChangeZone = { fromRow: 0.5 };
export const GROUND_LEVEL: ChangeZone = { fromRow: 0.62 };
export const NOTHING_STRUCTURAL: ChangeZone = { fromRow: 1 };
