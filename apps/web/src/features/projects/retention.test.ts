import { describe, expect, it } from 'vitest';
import { daysLeft, retentionBadge } from './retention';

const now = Date.parse('2026-05-10T12:00:00Z');
const inDays = (days: number) => new Date(now + days * 24 * 60 * 60 * 1000).toISOString();

describe('retentionBadge', () => {
  it('is hidden while more than 7 days remain', () => {
    expect(retentionBadge(inDays(30), now)).toBeNull();
    expect(retentionBadge(inDays(7.5), now)).toBeNull();
  });

  it('reads Nd left from 7 days, orange at 3 or fewer', () => {
    expect(retentionBadge(inDays(7), now)).toEqual({ label: '7d left', tone: 'notice' });
    expect(retentionBadge(inDays(4), now)).toEqual({ label: '4d left', tone: 'notice' });
    expect(retentionBadge(inDays(3), now)).toEqual({ label: '3d left', tone: 'urgent' });
    expect(retentionBadge(inDays(0.2), now)).toEqual({ label: '1d left', tone: 'urgent' });
  });

  it('reads Expired at 0 or fewer days', () => {
    expect(retentionBadge(inDays(0), now)).toEqual({ label: 'Expired', tone: 'expired' });
    expect(retentionBadge(inDays(-2), now)).toEqual({ label: 'Expired', tone: 'expired' });
  });
});

describe('daysLeft', () => {
  it('rounds part of a day up', () => {
    expect(daysLeft(inDays(2.1), now)).toBe(3);
    expect(daysLeft(inDays(30), now)).toBe(30);
  });
});
