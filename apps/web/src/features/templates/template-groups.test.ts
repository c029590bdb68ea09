import type { Template } from '@hearth/contracts';
import { describe, expect, it } from 'vitest';
import { customInstructionsAvailable, groupTemplates, summarizeNames } from './template-groups';

const REASON = 'Virtual staging needs an AI image provider.';
const template = (name: string, category: Template['category'], isPopular: boolean, available: boolean): Template => ({
  id: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  prompt: `${name} prompt`,
  category,
  isPopular,
  alterations: category === 'staging' ? ['staging'] : [],
  available,
  ...(available ? {} : { unavailableReason: REASON }),
});

const localOnly = [
  template('Bedroom', 'staging', true, false),
  template('Professional Enhancement', 'enhancement', true, true),
  template('Blue Sky', 'enhancement', true, true),
  template('Kitchen', 'staging', false, false),
  template('Twilight', 'staging', false, false),
];

describe('groupTemplates', () => {
  it('keeps popular templates first in server order and says each reason once', () => {
    const groups = groupTemplates(localOnly);
    expect(groups.popular.map((t) => t.name)).toEqual(['Bedroom', 'Professional Enhancement', 'Blue Sky']);
    expect(groups.more.map((t) => t.name)).toEqual(['Kitchen', 'Twilight']);
    expect(groups.unavailableReasons).toEqual([REASON]);
    expect(groups.unavailable.map((t) => t.name)).toEqual(['Bedroom', 'Kitchen', 'Twilight']);
  });

  it('names a few unavailable templates and counts the rest', () => {
    const names = (...n: string[]) => n.map((name) => template(name, 'staging', false, false));
    expect(summarizeNames(names('A'))).toBe('A');
    expect(summarizeNames(names('A', 'B'))).toBe('A and B');
    expect(summarizeNames(names('A', 'B', 'C', 'D'))).toBe('A, B, C and D');
    expect(summarizeNames(names('A', 'B', 'C', 'D', 'E'))).toBe('A, B, C and 2 more');
  });

  it('has no reasons when everything is available', () => {
    expect(groupTemplates([template('Bedroom', 'staging', true, true)]).unavailableReasons).toEqual([]);
  });
});

describe('customInstructionsAvailable', () => {
  it('follows the staging templates', () => {
    expect(customInstructionsAvailable(localOnly)).toBe(false);
    expect(customInstructionsAvailable([...localOnly, template('Patio', 'staging', false, true)])).toBe(true);
  });
});
