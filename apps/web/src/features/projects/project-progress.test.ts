import { describe, expect, it } from 'vitest';
import { newlyCompleted, progressPercent, progressText, resultSummary, statusLabel } from './project-progress';

const counts = (processedPhotos: number, totalPhotos = 3, completedPhotos = processedPhotos, failedPhotos = 0) => ({
  totalPhotos,
  processedPhotos,
  completedPhotos,
  failedPhotos,
});

describe('progressText', () => {
  it('reads the three SPEC phases', () => {
    expect(progressText(counts(0))).toBe('Starting enhancement...');
    expect(progressText(counts(1))).toBe('Enhancing photos... 1 of 3 processed');
    expect(progressText(counts(2))).toBe('Enhancing photos... 2 of 3 processed');
    expect(progressText(counts(3))).toBe('Finalizing...');
  });
});

describe('progressPercent', () => {
  it('rounds to whole percent and stays within 0–100', () => {
    expect(progressPercent(counts(0))).toBe(0);
    expect(progressPercent(counts(1))).toBe(33);
    expect(progressPercent(counts(2))).toBe(67);
    expect(progressPercent(counts(3))).toBe(100);
    expect(progressPercent(counts(0, 0))).toBe(0);
  });
});

describe('resultSummary', () => {
  it('counts enhanced and failed photos', () => {
    expect(resultSummary(counts(3, 3, 2, 1))).toEqual(['2 enhanced', '1 need review']);
    expect(resultSummary(counts(3, 3, 3, 0))).toEqual(['3 enhanced']);
    expect(resultSummary(counts(0))).toEqual([]);
  });
});

describe('statusLabel', () => {
  it('calls a completed project Ready', () => {
    expect(statusLabel('completed')).toBe('Ready');
    expect(statusLabel('processing')).toBe('Processing');
    expect(statusLabel('uploading')).toBe('Uploading');
  });
});

describe('newlyCompleted', () => {
  it('finds projects that went from processing to completed, and only those', () => {
    const before = new Map([
      ['a', 'processing'],
      ['b', 'completed'],
      ['c', 'processing'],
    ] as const);
    const after = [
      { id: 'a', status: 'completed' },
      { id: 'b', status: 'completed' },
      { id: 'c', status: 'processing' },
      { id: 'd', status: 'completed' },
    ] as const;
    expect(newlyCompleted(before, after)).toEqual(['a']);
  });
});
