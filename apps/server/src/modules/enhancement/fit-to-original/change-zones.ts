import type { ChangeZone } from './structure';

/**
 * Where each staging template may change the photo, for the structure check. Listing photos are shot level,
 * so eye level (the horizon) falls on the middle row: furniture stands below it, while every window and door
 * reaches above it. Curb Appeal and Patio change the ground in front of the house, not its facade; Twilight
 * changes the light everywhere but no line of the house, so the whole frame is checked, as is Professional
 * Enhancement when a provider runs it. Perfect Lawn changes the ground only.
 */
export const EYE_LEVEL: ChangeZone = { fromRow: 0.5 };
export const GROUND_LEVEL: ChangeZone = { fromRow: 0.62 };
export const NOTHING_STRUCTURAL: ChangeZone = { fromRow: 1 };

const ZONES: Record<string, ChangeZone> = {
  'curb-appeal': GROUND_LEVEL,
  patio: GROUND_LEVEL,
  twilight: NOTHING_STRUCTURAL,
  'professional-enhancement': NOTHING_STRUCTURAL,
  'perfect-lawn': GROUND_LEVEL,
};

/** The zone for a template; interior staging, declutter and custom instructions change what is below eye level. */
export const changeZoneFor = (templateId: string | null | undefined): ChangeZone =>
  (templateId && ZONES[templateId]) || EYE_LEVEL;
