import { describe, expect, it } from 'vitest';
import { appendLogEntry, characterCountLabel, formatFileSize, formatLogTime, type LogEntry } from './debug-log';

const entry = (id: number): LogEntry => ({
  id,
  at: new Date(2026, 2, 2, 9, 5, 7, 42),
  level: 'info',
  message: `line ${id}`,
});

describe('log formatting', () => {
  it('stamps local time with zero-padded hours, minutes, seconds and milliseconds', () => {
    expect(formatLogTime(new Date(2026, 2, 2, 9, 5, 7, 42))).toBe('09:05:07.042');
    expect(formatLogTime(new Date(2026, 2, 2, 23, 59, 59, 999))).toBe('23:59:59.999');
  });
});

describe('appendLogEntry', () => {
  it('adds at the end without changing the given list', () => {
    const before = [entry(1)];
    const after = appendLogEntry(before, entry(2));
    expect(after.map((e) => e.id)).toEqual([1, 2]);
    expect(before.map((e) => e.id)).toEqual([1]);
  });

  it('drops the oldest entries past the cap', () => {
    let list: LogEntry[] = [];
    for (let i = 1; i <= 5; i++) list = appendLogEntry(list, entry(i), 3);
    expect(list.map((e) => e.id)).toEqual([3, 4, 5]);
  });
});

describe('characterCountLabel', () => {
  it('counts characters, with en-US grouping and the right plural', () => {
    expect(characterCountLabel('')).toBe('0 characters');
    expect(characterCountLabel('a')).toBe('1 character');
    expect(characterCountLabel('x'.repeat(1234))).toBe('1,234 characters');
  });

  it('counts a character outside the basic plane once', () => {
    expect(characterCountLabel('🏠 ok')).toBe('4 characters');
  });
});

describe('formatFileSize', () => {
  it('picks bytes, kilobytes or megabytes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(840 * 1024)).toBe('840 KB');
    expect(formatFileSize(3.44 * 1024 * 1024)).toBe('3.4 MB');
  });
});
