import { describe, expect, it } from 'vitest';
import { fullTestBlocker, previewBlocker } from './debug-validation';

describe('debug validation (SPEC §5)', () => {
  it('needs a prompt that is more than spaces to preview', () => {
    expect(previewBlocker('')).toBe('Please enter a prompt to test');
    expect(previewBlocker('  \n ')).toBe('Please enter a prompt to test');
    expect(previewBlocker('Brighten the room')).toBeNull();
  });

  it('needs an image and a prompt for the full test', () => {
    expect(fullTestBlocker({ hasImage: false, prompt: '' })).toBe('Please select an image and enter a prompt');
    expect(fullTestBlocker({ hasImage: false, prompt: 'Brighten' })).toBe('Please select an image and enter a prompt');
    expect(fullTestBlocker({ hasImage: true, prompt: ' ' })).toBe('Please enter a prompt to test');
    expect(fullTestBlocker({ hasImage: true, prompt: 'Brighten' })).toBeNull();
  });
});
