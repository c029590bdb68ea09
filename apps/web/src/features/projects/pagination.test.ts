import { describe, expect, it } from 'vitest';
import { paginate } from './pagination';

const items = Array.from({ length: 12 }, (_, i) => i + 1);

describe('paginate', () => {
  it('shows 5 per page', () => {
    expect(paginate(items, 1)).toEqual({ items: [1, 2, 3, 4, 5], page: 1, pageCount: 3 });
    expect(paginate(items, 3)).toEqual({ items: [11, 12], page: 3, pageCount: 3 });
  });

  it('clamps a page that no longer exists', () => {
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items.slice(0, 10), 3)).toEqual({ items: [6, 7, 8, 9, 10], page: 2, pageCount: 2 });
  });

  it('has one empty page when there is nothing', () => {
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});
