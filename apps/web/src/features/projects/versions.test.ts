import { describe, expect, it } from 'vitest';
import { versionFixture as version } from './test-fixtures';
import {
  anyPendingVersion,
  initialVersionId,
  mergeVersions,
  newlySettled,
  versionAccessibleName,
  versionSettings,
  versionStatusText,
  withChosen,
} from './versions';

describe('initialVersionId', () => {
  const three = [
    version({ id: 'a', number: 1 }),
    version({ id: 'b', number: 2 }),
    version({ id: 'c', number: 3, status: 'failed' }),
  ];

  it("shows the photo's chosen version first", () => {
    expect(initialVersionId({ chosenVersionId: 'a' }, three)).toBe('a');
  });

  it('else the newest finished one, else the newest', () => {
    expect(initialVersionId({ chosenVersionId: null }, three)).toBe('b');
    expect(initialVersionId({ chosenVersionId: 'gone' }, three)).toBe('b');
    expect(initialVersionId({ chosenVersionId: null }, [version({ id: 'w', status: 'waiting' })])).toBe('w');
    expect(initialVersionId({ chosenVersionId: null }, [])).toBeNull();
  });
});

describe('newlySettled', () => {
  it('names the versions that were on their way and have finished, either way', () => {
    const before = new Map([
      ['a', 'completed' as const],
      ['b', 'processing' as const],
      ['c', 'waiting' as const],
      ['d', 'waiting' as const],
    ]);
    const after = [
      version({ id: 'a', status: 'completed' }),
      version({ id: 'b', status: 'completed' }),
      version({ id: 'c', status: 'failed' }),
      version({ id: 'd', status: 'processing' }),
      version({ id: 'e', status: 'completed' }),
    ];
    expect(newlySettled(before, after)).toEqual(['b', 'c']);
  });

  it('is empty the first time a list is seen', () => {
    expect(newlySettled(new Map(), [version({ id: 'a' })])).toEqual([]);
  });
});

describe('anyPendingVersion', () => {
  it('is true while any version waits or is processing', () => {
    expect(anyPendingVersion([version(), version({ status: 'waiting' })])).toBe(true);
    expect(anyPendingVersion([version(), version({ status: 'processing' })])).toBe(true);
    expect(anyPendingVersion([version(), version({ status: 'failed' })])).toBe(false);
    expect(anyPendingVersion(undefined)).toBe(false);
  });
});

describe('mergeVersions and withChosen', () => {
  it('adds new versions once, in number order', () => {
    const one = version({ id: 'a', number: 1 });
    const two = version({ id: 'b', number: 2, status: 'waiting' });
    const merged = mergeVersions([one], [two, { ...one, status: 'completed' }]);
    expect(merged.map((v) => v.id)).toEqual(['a', 'b']);
    expect(mergeVersions([two], [one]).map((v) => v.number)).toEqual([1, 2]);
  });

  it('moves the chosen mark to one version', () => {
    const list = [version({ id: 'a', chosen: true }), version({ id: 'b', number: 2 })];
    expect(withChosen(list, 'b').map((v) => v.chosen)).toEqual([false, true]);
  });
});

describe('what a version says', () => {
  it('names its state', () => {
    expect(
      ['waiting', 'processing', 'completed', 'failed'].map((status) => versionStatusText({ status } as never)),
    ).toEqual(['Waiting', 'Enhancing', 'Ready', 'Failed']);
  });

  it('names its settings', () => {
    expect(versionSettings(version())).toBe('Living Room · Scandinavian');
    expect(versionSettings(version({ instructions: 'Add a rug' }))).toBe('Living Room · Scandinavian + instructions');
    expect(versionSettings(version({ templateName: null, style: null, instructions: 'Add a rug' }))).toBe(
      'Custom instructions',
    );
    expect(versionSettings(version({ templateName: 'Blue Sky', style: null }))).toBe('Blue Sky');
    expect(
      versionSettings(
        version({ templateName: null, style: null, instructions: 'Remove the lamp', baseVersionId: 'v1' }),
      ),
    ).toBe('Area edit');
  });

  it('gives the strip an accessible name with its marks', () => {
    expect(versionAccessibleName(version({ number: 2, chosen: true, needsReview: true }))).toBe(
      'Version 2, ready, Living Room · Scandinavian, chosen, needs review',
    );
    expect(versionAccessibleName(version({ number: 3, status: 'waiting' }))).toBe(
      'Version 3, waiting, Living Room · Scandinavian',
    );
  });
});
