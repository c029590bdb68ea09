import { describe, expect, it } from 'vitest';
import { fullCollection } from './full-collection';

describe('fullCollection', () => {
  it('frees what nothing refers to any more, outside memory included', async () => {
    const frame = (() => {
      const buffer = Buffer.alloc(8 * 2 ** 20);
      return new WeakRef(buffer);
    })();
    // A WeakRef's target stays alive to the end of the current task, whatever the collector does.
    await new Promise((resolve) => setImmediate(resolve));
    fullCollection();
    expect(frame.deref()).toBeUndefined();
  });
});
