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
});
