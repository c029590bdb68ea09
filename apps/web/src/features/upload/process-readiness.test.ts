import { describe, expect, it } from 'vitest';
import { isLargeBatch, processBlocker } from './process-readiness';

const ready = { photoCount: 2, hasTemplate: true, customText: '', canUpload: true, restriction: null };

describe('processBlocker', () => {
  it('allows photos with a template, or with custom text', () => {
    expect(processBlocker(ready)).toBeNull();
    expect(processBlocker({ ...ready, hasTemplate: false, customText: 'Add a sofa' })).toBeNull();
  });

  it('needs a photo', () => {
    expect(processBlocker({ ...ready, photoCount: 0 })).toBe('Add at least one photo.');
  });

  it('needs a template or non-blank text', () => {
    expect(processBlocker({ ...ready, hasTemplate: false, customText: '   ' })).toBe(
      'Choose a template or write custom instructions.',
    );
  });

  it('needs access, naming the reason', () => {
    expect(processBlocker({ ...ready, canUpload: false, restriction: 'Your free trial has ended.' })).toBe(
      'Your free trial has ended.',
    );
    expect(processBlocker({ ...ready, canUpload: false })).toBe(
      'Please update your subscription to continue using the platform.',
    );
  });
});

describe('isLargeBatch', () => {
  it('warns from 10 photos', () => {
    expect(isLargeBatch(9)).toBe(false);
    expect(isLargeBatch(10)).toBe(true);
    expect(isLargeBatch(30)).toBe(true);
  });
});
