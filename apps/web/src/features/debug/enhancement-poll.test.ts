import type { Photo } from '@hearth/contracts';
import { describe, expect, it, vi } from 'vitest';
import { abortableSleep, MAX_POLL_ATTEMPTS, POLL_INTERVAL_MS, pollForResult, pollStep } from './enhancement-poll';
import { completedPhoto, photoFixture } from './test-photo';

/** A sleep that returns at once and remembers how long it was asked to wait. */
function instantSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

/** Answers the given photo lists in turn (an Error is thrown), repeating the last one. */
function answers(...lists: Array<readonly Photo[] | Error>) {
  let call = 0;
  const fetchPhotos = vi.fn(async () => {
    const answer = lists[Math.min(call++, lists.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return fetchPhotos;
}

describe('pollStep', () => {
  it('is done only when the photo is completed with an enhanced file', () => {
    expect(pollStep([completedPhoto()], 'photo-1').kind).toBe('completed');
    expect(pollStep([photoFixture({ status: 'completed', enhancedUrl: null })], 'photo-1').kind).toBe('wait');
  });

  it('is over when the photo failed', () => {
    expect(pollStep([photoFixture({ status: 'failed', error: 'Could not decode' })], 'photo-1')).toMatchObject({
      kind: 'failed',
      photo: { error: 'Could not decode' },
    });
  });

  it('waits while the photo is waiting, processing or not listed, and looks only at its own photo', () => {
    expect(pollStep([photoFixture({ status: 'waiting' })], 'photo-1').kind).toBe('wait');
    expect(pollStep([photoFixture()], 'photo-1').kind).toBe('wait');
    expect(pollStep([], 'photo-1')).toEqual({ kind: 'wait', photo: undefined });
    expect(pollStep([completedPhoto({ id: 'other' })], 'photo-1').kind).toBe('wait');
  });
});

describe('pollForResult', () => {
  it('waits 2 s before each look and stops at the first completed photo', async () => {
    const { waits, sleep } = instantSleep();
    const fetchPhotos = answers([photoFixture({ status: 'waiting' })], [photoFixture()], [completedPhoto()]);
    const onWaiting = vi.fn();
    const outcome = await pollForResult({ photoId: 'photo-1', fetchPhotos, sleep, onWaiting });
    expect(outcome).toMatchObject({ kind: 'completed', photo: { enhancedUrl: '/api/photos/photo-1/enhanced' } });
    expect(fetchPhotos).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([POLL_INTERVAL_MS, POLL_INTERVAL_MS, POLL_INTERVAL_MS]);
    expect(POLL_INTERVAL_MS).toBe(2000);
    expect(onWaiting.mock.calls.map(([attempt, photo]) => [attempt, (photo as Photo).status])).toEqual([
      [1, 'waiting'],
      [2, 'processing'],
    ]);
  });

  it('stops when the photo failed', async () => {
    const fetchPhotos = answers([photoFixture()], [photoFixture({ status: 'failed' })]);
    const outcome = await pollForResult({ photoId: 'photo-1', fetchPhotos, sleep: instantSleep().sleep });
    expect(outcome.kind).toBe('failed');
    expect(fetchPhotos).toHaveBeenCalledTimes(2);
  });

  it('gives up after exactly 30 looks', async () => {
    const fetchPhotos = answers([photoFixture()]);
    const outcome = await pollForResult({ photoId: 'photo-1', fetchPhotos, sleep: instantSleep().sleep });
    expect(outcome).toEqual({ kind: 'timeout', attempts: 30 });
    expect(MAX_POLL_ATTEMPTS).toBe(30);
    expect(fetchPhotos).toHaveBeenCalledTimes(30);
  });

  it('retries after a failed look, which counts as one of the 30', async () => {
    const fetchPhotos = answers(new Error('502: Bad Gateway'), new Error('500: {"message":"Database busy"}'), [
      completedPhoto(),
    ]);
    const onPollError = vi.fn();
    const outcome = await pollForResult({ photoId: 'photo-1', fetchPhotos, sleep: instantSleep().sleep, onPollError });
    expect(outcome.kind).toBe('completed');
    expect(onPollError.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2]);

    const alwaysFailing = answers(new Error('503: Service Unavailable'));
    const timedOut = await pollForResult({
      photoId: 'photo-1',
      fetchPhotos: alwaysFailing,
      sleep: instantSleep().sleep,
    });
    expect(timedOut.kind).toBe('timeout');
    expect(alwaysFailing).toHaveBeenCalledTimes(30);
  });

  it('stops without another look once aborted', async () => {
    const controller = new AbortController();
    const fetchPhotos = vi.fn(async () => {
      controller.abort();
      return [photoFixture()];
    });
    const outcome = await pollForResult({
      photoId: 'photo-1',
      fetchPhotos,
      sleep: instantSleep().sleep,
      signal: controller.signal,
    });
    expect(outcome).toEqual({ kind: 'canceled' });
    expect(fetchPhotos).toHaveBeenCalledTimes(1);
  });
});

describe('abortableSleep', () => {
  it('ends early when its signal aborts', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      let ended = false;
      const sleeping = abortableSleep(POLL_INTERVAL_MS, controller.signal).then(() => (ended = true));
      await vi.advanceTimersByTimeAsync(500);
      expect(ended).toBe(false);
      controller.abort();
      await sleeping;
      expect(ended).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends after the given time otherwise', async () => {
    vi.useFakeTimers();
    try {
      let ended = false;
      const sleeping = abortableSleep(POLL_INTERVAL_MS).then(() => (ended = true));
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
      expect(ended).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await sleeping;
      expect(ended).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
