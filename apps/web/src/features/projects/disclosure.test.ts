import { describe, expect, it } from 'vitest';
import { disclosureOf, templateWarnings } from './disclosure';

describe('disclosureOf', () => {
  it('needs no disclosure for light and colour', () => {
    expect(disclosureOf({ classification: 'exempt', alterations: [] }, 'crmls')).toEqual({
      badge: 'Exempt',
      text: 'Light and colour only: no disclosure needed.',
    });
  });

  it("names what was altered and the caption in the listing's rules", () => {
    const staged = {
      classification: 'disclosed' as const,
      alterations: ['staging' as const, 'custom-instructions' as const],
    };
    expect(disclosureOf(staged, 'crmls')).toEqual({
      badge: 'Disclosed',
      text: "Digitally altered (virtual staging, custom instructions): under CRMLS its caption is 'Virtually Staged'.",
    });
    const sky = { classification: 'disclosed' as const, alterations: ['sky' as const] };
    expect(disclosureOf(sky, 'generic')?.text).toBe(
      "Digitally altered (sky replaced): under Generic its caption is 'Digitally altered'.",
    );
  });

  it('says nothing before there is a result', () => {
    expect(disclosureOf(null, 'generic')).toBeNull();
  });
});

describe('templateWarnings', () => {
  it("quotes the rule a template's alterations break", () => {
    expect(templateWarnings({ alterations: ['landscaping'] }, 'crmls')).toEqual([
      'CRMLS 11.5.2: landscaping must not be altered.',
    ]);
    expect(templateWarnings({ alterations: ['landscaping'] }, 'generic')).toEqual([]);
    expect(templateWarnings({ alterations: ['staging'] }, 'crmls')).toEqual([]);
    expect(templateWarnings(null, 'crmls')).toEqual([]);
  });
});
