import { describe, expect, it } from 'vitest';
import { debugProjectName } from './debug-project-name';

describe('debugProjectName', () => {
  it("is 'Debug Test' plus the local time", () => {
    expect(debugProjectName(new Date(2026, 2, 2, 14, 5, 9))).toBe('Debug Test 14:05:09');
    expect(debugProjectName(new Date(2026, 2, 2, 0, 0, 0))).toBe('Debug Test 00:00:00');
  });
});
