import { describe, expect, it } from 'vitest';
import { templateForPrompt } from './prompt-template';

const templates = [
  { id: 'blue-sky', prompt: 'Replace a grey sky with a blue sky.', available: true },
  { id: 'bedroom', prompt: 'Virtually stage this bedroom.', available: false },
];

describe('templateForPrompt', () => {
  it('keeps the picked template while the prompt starts with its prompt', () => {
    expect(templateForPrompt(templates, 'blue-sky', 'Replace a grey sky with a blue sky.')?.id).toBe('blue-sky');
    expect(templateForPrompt(templates, 'blue-sky', '  Replace a grey sky with a blue sky.. Also warm light')?.id).toBe(
      'blue-sky',
    );
  });

  it('lets go of it once the prompt is edited away from the template', () => {
    expect(templateForPrompt(templates, 'blue-sky', 'Replace a grey sky')).toBeNull();
    expect(templateForPrompt(templates, 'blue-sky', '')).toBeNull();
  });

  it('claims no template when none is picked, the pick is unknown or unavailable, or templates are not loaded', () => {
    expect(templateForPrompt(templates, null, 'Replace a grey sky with a blue sky.')).toBeNull();
    expect(templateForPrompt(templates, 'gone', 'Replace a grey sky with a blue sky.')).toBeNull();
    expect(templateForPrompt(templates, 'bedroom', 'Virtually stage this bedroom.')).toBeNull();
    expect(templateForPrompt(undefined, 'blue-sky', 'Replace a grey sky with a blue sky.')).toBeNull();
  });
});
