import { EYE_LEVEL, GROUND_LEVEL, NOTHING_STRUCTURAL, type ChangeZone } from '@hearth/image-engine';
import { catalogIdsOf } from '../templates/service';

/**
 * Where each staging template may change the photo, for the structure check (zones in @hearth/image-engine).
 * Interior staging puts furniture below eye level. Curb Appeal and Patio change the ground in front of the
 * house, not its facade; Twilight changes the light everywhere but no line of the house, so the whole frame
 * is checked, as is Professional Enhancement when a provider runs it. Perfect Lawn changes the ground only.
 */
const ZONES: Record<string, ChangeZone> = {
  'curb-appeal': GROUND_LEVEL,
  patio: GROUND_LEVEL,
  twilight: NOTHING_STRUCTURAL,
  'professional-enhancement': NOTHING_STRUCTURAL,
  'perfect-lawn': GROUND_LEVEL,
};

/** The zone for a template; interior staging, declutter and custom instructions change what is below eye level. */
const zoneOf = (templateId: string): ChangeZone => ZONES[templateId] ?? EYE_LEVEL;

/**
 * The zone for a template, or for templates chosen together: the strictest of theirs (the combination
 * promises what each part promises). A staging template with its furniture removed first keeps its own.
 */
export function changeZoneFor(templateId: string | null | undefined): ChangeZone {
  if (!templateId) return EYE_LEVEL;
  const zones = catalogIdsOf(templateId).map(zoneOf);
  return zones.reduce((strictest, zone) => (zone.fromRow > strictest.fromRow ? zone : strictest));
}
