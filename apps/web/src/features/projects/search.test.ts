import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

describe('matchesSearch', () => {
  const maple = { name: 'Morning Session - Mar 2 09:15', address: '12 Maple Street, Springfield' };
  it('finds a project by words of its name or address, in any case and order', () => {
    expect(matchesSearch(maple, '')).toBe(true);
    expect(matchesSearch(maple, 'maple')).toBe(true);
    expect(matchesSearch(maple, 'SPRINGFIELD morning')).toBe(true);
    expect(matchesSearch(maple, 'maple oak')).toBe(false);
    expect(matchesSearch({ name: 'Oak', address: null }, 'street')).toBe(false);
  });
});
