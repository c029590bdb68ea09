import { STAGING_STYLES } from '@hearth/contracts';
import { describe, expect, it } from 'vitest';
import { isStagingTemplate, styleFor, stylesOf, variationsFor } from './staging-options';

const livingRoom = {
  category: 'staging' as const,
  styles: ['Modern', 'Scandinavian', 'Industrial'] as const,
  defaultStyle: 'Modern' as const,
};
const blueSky = { category: 'enhancement' as const };

describe('styleFor', () => {
  it("starts from the template's default", () => {
    expect(styleFor({ ...livingRoom, styles: [...livingRoom.styles] }, null)).toBe('Modern');
  });

  it('keeps a chosen style while the template offers it', () => {
    expect(styleFor({ ...livingRoom, styles: [...livingRoom.styles] }, 'Industrial')).toBe('Industrial');
    expect(styleFor({ ...livingRoom, styles: [...livingRoom.styles] }, 'Coastal')).toBe('Modern');
  });

  it('has no style for enhancement templates or no template', () => {
    expect(styleFor(blueSky, 'Modern')).toBeNull();
    expect(styleFor(null, 'Modern')).toBeNull();
  });

  it('falls back to the first style when a template names no default', () => {
    expect(styleFor({ category: 'staging' }, null)).toBe(STAGING_STYLES[0]);
    expect(stylesOf({ category: 'staging' })).toEqual(STAGING_STYLES);
  });
});

describe('variationsFor', () => {
  it('asks for variations only with a staging template', () => {
    expect(variationsFor(livingRoom, 3)).toBe(3);
    expect(variationsFor(blueSky, 3)).toBe(1);
    expect(variationsFor(null, 3)).toBe(1);
    expect(isStagingTemplate(livingRoom)).toBe(true);
  });
});
