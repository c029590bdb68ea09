import { POPULAR_TEMPLATE_ORDER } from '@hearth/contracts';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_CATALOG } from '../../../server/src/modules/templates/catalog';
import { TEMPLATE_HELP } from './help-templates';

describe('the help center’s template descriptions', () => {
  it('describe exactly the templates the server offers, with their names and kinds', () => {
    const served = TEMPLATE_CATALOG.map((t) => ({
      id: t.id,
      name: t.name,
      kind: t.localOperations ? 'enhancement' : 'staging',
      popular: t.isPopular,
    }));
    const described = TEMPLATE_HELP.map(({ id, name, kind, popular }) => ({ id, name, kind, popular }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(described.sort(byId)).toEqual(served.sort(byId));
  });

  it('list the popular templates first, in the order the upload card shows them', () => {
    const popular = TEMPLATE_HELP.filter((t) => t.popular).map((t) => t.name);
    expect(popular).toEqual([...POPULAR_TEMPLATE_ORDER]);
    const rest = TEMPLATE_HELP.filter((t) => !t.popular).map((t) => t.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    expect(TEMPLATE_HELP.findIndex((t) => !t.popular)).toBe(popular.length);
  });
});
