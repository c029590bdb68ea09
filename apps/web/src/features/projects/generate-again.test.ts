import type { Template } from '@hearth/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { generateBlocker, generateFailure, generateRequest, initialValues } from './generate-again';
import { versionFixture } from './test-fixtures';

const template = (overrides: Partial<Template>): Template => ({
  id: 'living-room',
  name: 'Living Room',
  prompt: 'Stage this living room',
  category: 'staging',
  isPopular: true,
  alterations: ['staging'],
  available: true,
  styles: ['Modern', 'Scandinavian', 'Industrial'],
  defaultStyle: 'Modern',
  ...overrides,
});
const templates = [
  template({}),
  template({ id: 'bedroom', name: 'Bedroom', available: false }),
  template({ id: 'blue-sky', name: 'Blue Sky', category: 'enhancement', styles: undefined, defaultStyle: undefined }),
];

describe('initialValues', () => {
  it('starts from the settings of the version looked at', () => {
    expect(initialValues(versionFixture({ instructions: 'Add a rug' }), templates)).toEqual({
      templateId: 'living-room',
      alsoApply: [],
      removeFurnitureFirst: false,
      style: 'Scandinavian',
      instructions: 'Add a rug',
      variations: 1,
    });
  });

  it('drops a template this server cannot run now', () => {
    expect(initialValues(versionFixture({ templateId: 'bedroom' }), templates).templateId).toBeNull();
    expect(initialValues(null, templates)).toEqual({
      templateId: null,
      alsoApply: [],
      removeFurnitureFirst: false,
      style: null,
      instructions: '',
      variations: 1,
    });
  });
});

describe('generateRequest', () => {
  it('says every setting of a staging template', () => {
    const values = {
      templateId: 'living-room',
      style: 'Industrial' as const,
      instructions: ' Add a rug ',
      variations: 3,
    };
    expect(generateRequest(values, templates, true)).toEqual({
      templateId: 'living-room',
      style: 'Industrial',
      prompt: 'Add a rug',
      variations: 3,
    });
  });

  it("uses the template's default style when the old one is not offered", () => {
    const values = { templateId: 'living-room', style: 'Coastal' as const, instructions: '', variations: 1 };
    expect(generateRequest(values, templates, true).style).toBe('Modern');
  });

  it('asks for no template, not the earlier one, when only instructions are chosen', () => {
    const values = { templateId: null, style: 'Modern' as const, instructions: 'Add a sofa', variations: 2 };
    expect(generateRequest(values, templates, true)).toEqual({ templateId: null, prompt: 'Add a sofa', variations: 1 });
  });

  it('asks an enhancement template for one version without a style', () => {
    const values = { templateId: 'blue-sky', style: 'Modern' as const, instructions: '', variations: 4 };
    expect(generateRequest(values, templates, false)).toEqual({ templateId: 'blue-sky', prompt: '', variations: 1 });
  });
});

describe('generateBlocker', () => {
  it('needs a template or instructions', () => {
    const empty = { templateId: null, style: null, instructions: '  ', variations: 1 };
    expect(generateBlocker(empty, templates, true)).toBe('Choose a template or write custom instructions.');
    expect(generateBlocker(empty, templates, false)).toBe('Choose a template.');
    expect(generateBlocker({ ...empty, instructions: 'Add a sofa' }, templates, true)).toBeNull();
    expect(generateBlocker({ ...empty, templateId: 'blue-sky' }, templates, false)).toBeNull();
    expect(generateBlocker({ ...empty, templateId: 'bedroom' }, templates, false)).toBe('Choose a template.');
  });
});

describe('generateFailure', () => {
  it('raises the SPEC quota toast with the server message', () => {
    const message = 'You have 1 image(s) left in your trial. Please upload 1 or upgrade your plan to upload more.';
    expect(generateFailure(new ApiError(403, { message, code: 'UPLOAD_LIMIT_EXCEEDED' }))).toEqual({
      kind: 'toast',
      title: 'Upload Limit Exceeded',
      description: message,
    });
    expect(generateFailure(new ApiError(403, { message, code: 'PLAN_LIMIT_EXCEEDED' }))).toMatchObject({
      title: 'Plan Limit Exceeded',
    });
  });

  it('tells anything else next to the form', () => {
    expect(generateFailure(new ApiError(422, { message: 'Staging needs an AI provider.' }))).toEqual({
      kind: 'inline',
      message: 'Staging needs an AI provider.',
    });
    expect(generateFailure(new ApiError(404, { message: 'Not found' }))).toEqual({
      kind: 'inline',
      message: 'This photo is no longer available. Close the review and open it again.',
    });
    expect(generateFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'inline',
      message: 'The new version could not be started. Please try again.',
    });
  });
});

describe('several enhancements and "Remove furniture first" (issue 13)', () => {
  const enhancement = (id: string, name: string) =>
    template({ id, name, category: 'enhancement', combinable: true, styles: undefined, defaultStyle: undefined });
  const catalog = [
    template({ removeFurnitureFirst: true }),
    enhancement('professional-enhancement', 'Professional Enhancement'),
    enhancement('blue-sky', 'Blue Sky'),
    enhancement('perfect-lawn', 'Perfect Lawn'),
  ];

  it('reads a combined version back into the template and the enhancements applied with it', () => {
    const values = initialValues(versionFixture({ templateId: 'blue-sky+perfect-lawn', style: null }), catalog);
    expect(values).toMatchObject({ templateId: 'blue-sky', alsoApply: ['perfect-lawn'], removeFurnitureFirst: false });
    const staged = initialValues(versionFixture({ templateId: 'remove-furniture-first+living-room' }), catalog);
    expect(staged).toMatchObject({ templateId: 'living-room', alsoApply: [], removeFurnitureFirst: true });
  });

  it('sends enhancements together as templateIds, and one as templateId', () => {
    const values = {
      templateId: 'blue-sky',
      alsoApply: ['perfect-lawn'],
      style: null,
      instructions: '',
      variations: 1,
    };
    expect(generateRequest(values, catalog, true)).toEqual({
      templateIds: ['blue-sky', 'perfect-lawn'],
      prompt: '',
      variations: 1,
    });
    // An enhancement picked to go with a staging template is not sent.
    const staging = { ...values, templateId: 'living-room', style: 'Modern' as const };
    expect(generateRequest(staging, catalog, true)).toMatchObject({ templateId: 'living-room' });
    expect(generateRequest(staging, catalog, true)).not.toHaveProperty('templateIds');
  });

  it("says 'Remove furniture first' explicitly for a template that offers it", () => {
    const values = { templateId: 'living-room', style: null, instructions: '', variations: 1 };
    expect(generateRequest({ ...values, removeFurnitureFirst: true }, catalog, true).removeFurnitureFirst).toBe(true);
    expect(generateRequest(values, catalog, true).removeFurnitureFirst).toBe(false);
    expect(
      generateRequest({ ...values, templateId: 'blue-sky', removeFurnitureFirst: true }, catalog, true),
    ).not.toHaveProperty('removeFurnitureFirst');
  });
});
