import { describe, expect, it } from 'vitest';
import { buildUploadForm } from './upload-request';

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const template = { id: 'professional-enhancement', prompt: 'Enhance the photo' };

describe('buildUploadForm', () => {
  it('joins the template prompt and custom text with ". "', () => {
    const form = buildUploadForm([photo('a.jpg')], template, '  Brighten the kitchen  ');
    expect(form.get('prompt')).toBe('Enhance the photo. Brighten the kitchen');
    expect(form.get('templateId')).toBe('professional-enhancement');
  });

  it('sends only the template prompt, or only the custom text', () => {
    expect(buildUploadForm([photo('a.jpg')], template, '   ').get('prompt')).toBe('Enhance the photo');
    const custom = buildUploadForm([photo('a.jpg')], null, 'Add a sofa');
    expect(custom.get('prompt')).toBe('Add a sofa');
    expect(custom.has('templateId')).toBe(false);
  });

  it('repeats the photos field once per file, in order, with the names kept', () => {
    const form = buildUploadForm([photo('a.jpg'), photo('b.jpg'), photo('c.jpg')], template, '');
    expect(form.getAll('photos').map((f) => (f as File).name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });

  it('sends the style and variations of a staging template before the photos', () => {
    const form = buildUploadForm([photo('a.jpg')], template, '', { style: 'Scandinavian', variations: 3 });
    expect(form.get('style')).toBe('Scandinavian');
    expect(form.get('variations')).toBe('3');
    expect([...form.keys()]).toEqual(['templateId', 'prompt', 'style', 'variations', 'photos']);
  });

  it('leaves style and variations out without a staging choice or a template', () => {
    expect(buildUploadForm([photo('a.jpg')], template, '').has('variations')).toBe(false);
    const custom = buildUploadForm([photo('a.jpg')], null, 'Add a sofa', { style: 'Modern', variations: 2 });
    expect(custom.has('style')).toBe(false);
    expect(custom.has('variations')).toBe(false);
  });
});

describe('buildUploadForm with several templates (issue 13)', () => {
  const blueSky = { id: 'blue-sky', prompt: 'Replace the sky' };
  const lawn = { id: 'perfect-lawn', prompt: 'Green the lawn' };
  const livingRoom = { id: 'living-room', prompt: 'Stage a living room' };

  it('sends enhancements chosen together as templateIds, in the order picked, and the custom text alone', () => {
    const form = buildUploadForm([photo('a.jpg')], [blueSky, lawn], ' Warmer light ');
    expect(form.get('templateIds')).toBe('blue-sky,perfect-lawn');
    expect(form.has('templateId')).toBe(false);
    expect(form.get('prompt')).toBe('Warmer light');
    expect(buildUploadForm([photo('a.jpg')], [blueSky, lawn], '').has('prompt')).toBe(false);
  });

  it('sends one template of a list as templateId with the SPEC prompt', () => {
    const form = buildUploadForm([photo('a.jpg')], [blueSky], '');
    expect(form.get('templateId')).toBe('blue-sky');
    expect(form.get('prompt')).toBe('Replace the sky');
    expect(form.has('templateIds')).toBe(false);
  });

  it("sends 'Remove furniture first' with its staging template, leaving the prompt to the server", () => {
    const staging = { style: 'Modern' as const, variations: 1, removeFurnitureFirst: true };
    const form = buildUploadForm([photo('a.jpg')], livingRoom, 'Add plants', staging);
    expect([...form.keys()]).toEqual(['templateId', 'removeFurnitureFirst', 'prompt', 'style', 'variations', 'photos']);
    expect(form.get('removeFurnitureFirst')).toBe('true');
    expect(form.get('prompt')).toBe('Add plants');
    const without = buildUploadForm([photo('a.jpg')], livingRoom, '', { ...staging, removeFurnitureFirst: false });
    expect(without.has('removeFurnitureFirst')).toBe(false);
    expect(without.get('prompt')).toBe('Stage a living room');
  });
});
