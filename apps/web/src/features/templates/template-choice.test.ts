import type { Template } from '@hearth/contracts';
import { describe, expect, it } from 'vitest';
import {
  choiceFromTemplateId,
  chosenTemplates,
  NO_TEMPLATE,
  offersRemoveFurnitureFirst,
  removesFurnitureFirst,
  toggleTemplate,
} from './template-choice';

const template = (id: string, category: Template['category'], extra: Partial<Template> = {}): Template => ({
  id,
  name: id,
  prompt: `${id} prompt`,
  category,
  isPopular: true,
  alterations: [],
  available: true,
  ...extra,
});

const templates = [
  template('living-room', 'staging', { removeFurnitureFirst: true }),
  template('empty-room', 'staging'),
  template('professional-enhancement', 'enhancement', { combinable: true }),
  template('blue-sky', 'enhancement', { combinable: true }),
  template('perfect-lawn', 'enhancement', { combinable: true }),
  template('twilight', 'enhancement', { available: false, combinable: true }),
];

describe('toggleTemplate', () => {
  it('adds enhancements to each other and takes one off when picked again', () => {
    let choice = toggleTemplate(templates, NO_TEMPLATE, 'blue-sky');
    choice = toggleTemplate(templates, choice, 'perfect-lawn');
    expect(choice.ids).toEqual(['blue-sky', 'perfect-lawn']);
    choice = toggleTemplate(templates, choice, 'blue-sky');
    expect(choice.ids).toEqual(['perfect-lawn']);
  });

  it('a staging template clears the enhancement picks, and an enhancement clears a staging pick', () => {
    const enhancements = { ids: ['blue-sky', 'perfect-lawn'], removeFurnitureFirst: false };
    const staging = toggleTemplate(templates, enhancements, 'living-room');
    expect(staging).toEqual({ ids: ['living-room'], removeFurnitureFirst: false });
    const back = toggleTemplate(templates, { ids: ['living-room'], removeFurnitureFirst: true }, 'blue-sky');
    expect(back).toEqual({ ids: ['blue-sky'], removeFurnitureFirst: false });
  });

  it('keeps a staging pick (and its furniture choice) when it is picked again, and ignores unknown ids', () => {
    const choice = { ids: ['living-room'], removeFurnitureFirst: true };
    expect(toggleTemplate(templates, choice, 'living-room')).toBe(choice);
    expect(toggleTemplate(templates, choice, 'nope')).toBe(choice);
    expect(toggleTemplate(templates, choice, 'empty-room')).toEqual({
      ids: ['empty-room'],
      removeFurnitureFirst: false,
    });
  });
});

describe("'Remove furniture first'", () => {
  it('is offered for one staging template that offers it, and sent only then', () => {
    expect(offersRemoveFurnitureFirst(templates, { ids: ['living-room'], removeFurnitureFirst: false })).toBe(true);
    expect(offersRemoveFurnitureFirst(templates, { ids: ['empty-room'], removeFurnitureFirst: false })).toBe(false);
    expect(offersRemoveFurnitureFirst(templates, { ids: ['blue-sky'], removeFurnitureFirst: false })).toBe(false);
    expect(removesFurnitureFirst(templates, { ids: ['empty-room'], removeFurnitureFirst: true })).toBe(false);
    expect(removesFurnitureFirst(templates, { ids: ['living-room'], removeFurnitureFirst: true })).toBe(true);
  });
});

describe('chosenTemplates and choiceFromTemplateId', () => {
  it('leaves out what this server cannot run, keeping the order picked', () => {
    const chosen = chosenTemplates(templates, {
      ids: ['perfect-lawn', 'twilight', 'blue-sky'],
      removeFurnitureFirst: false,
    });
    expect(chosen.map((t) => t.id)).toEqual(['perfect-lawn', 'blue-sky']);
    expect(chosenTemplates(undefined, { ids: ['blue-sky'], removeFurnitureFirst: false })).toEqual([]);
  });

  it('reads a stored combined id back into the picks', () => {
    expect(choiceFromTemplateId('professional-enhancement+blue-sky')).toEqual({
      ids: ['professional-enhancement', 'blue-sky'],
      removeFurnitureFirst: false,
    });
    expect(choiceFromTemplateId('remove-furniture-first+living-room')).toEqual({
      ids: ['living-room'],
      removeFurnitureFirst: true,
    });
    expect(choiceFromTemplateId('bedroom')).toEqual({ ids: ['bedroom'], removeFurnitureFirst: false });
    expect(choiceFromTemplateId(null)).toEqual(NO_TEMPLATE);
  });
});
