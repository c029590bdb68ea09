import { describe, expect, it } from 'vitest';
import { emailBreakParts } from './email-address';

describe('emailBreakParts', () => {
  it('breaks after the @ and hyphens and before each dot, and keeps every character', () => {
    const email = 'averyagent.longname@north-west-listings.example.co.uk';
    const parts = emailBreakParts(email);
    expect(parts).toEqual(['averyagent', '.longname@', 'north-', 'west-', 'listings', '.example', '.co', '.uk']);
    expect(parts.join('')).toBe(email);
  });

  it('leaves an address without dots after the @ whole', () => {
    expect(emailBreakParts('a@b')).toEqual(['a@', 'b']);
    expect(emailBreakParts('plain')).toEqual(['plain']);
  });
});
