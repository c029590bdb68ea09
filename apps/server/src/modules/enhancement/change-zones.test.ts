import { describe, expect, it } from 'vitest';
import { EYE_LEVEL, GROUND_LEVEL, NOTHING_STRUCTURAL } from '@hearth/image-engine';
import { changeZoneFor } from './change-zones';

describe('change zones of the templates', () => {
  it('checks only above eye level for interiors, above the ground for curb appeal, everywhere for twilight', () => {
    expect(changeZoneFor('living-room')).toBe(EYE_LEVEL);
    expect(changeZoneFor(undefined)).toBe(EYE_LEVEL);
    expect(changeZoneFor('curb-appeal')).toBe(GROUND_LEVEL);
    expect(changeZoneFor('twilight')).toBe(NOTHING_STRUCTURAL);
  });

  it('takes the strictest zone of templates chosen together, and the staged template’s own after removing furniture', () => {
    expect(changeZoneFor('blue-sky+perfect-lawn')).toBe(GROUND_LEVEL);
    expect(changeZoneFor('professional-enhancement+blue-sky+perfect-lawn')).toBe(NOTHING_STRUCTURAL);
    expect(changeZoneFor('remove-furniture-first+curb-appeal')).toBe(GROUND_LEVEL);
    expect(changeZoneFor('remove-furniture-first+living-room')).toBe(EYE_LEVEL);
  });
});
