import { useSyncExternalStore } from 'react';
import { authClient, type AuthSession } from './auth-client';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

interface AuthSnapshot {
  status: AuthStatus;
  session: AuthSession | null;
}

interface SessionAtomValue {
  data: AuthSession | null;
  isPending: boolean;
  refetch: () => Promise<void>;
}

const sessionAtom = authClient.$store.atoms.session as unknown as {
  get: () => SessionAtomValue;
  subscribe: (listener: (value: SessionAtomValue) => void) => () => void;
};

/*
 * better-auth marks the session "pending" again on every refetch while there is no session (after
 * sign-in, on window focus). Only the very first load is a loading state for the app: later refetches
 * must not swap a half-filled sign-in form for a spinner. So the status is derived here, once.
 */
let settled = false;
let snapshot: AuthSnapshot = { status: 'loading', session: null };
const listeners = new Set<() => void>();

sessionAtom.subscribe((value) => {
  if (!value.isPending) settled = true;
  const status: AuthStatus = value.data ? 'signed-in' : settled ? 'signed-out' : 'loading';
  if (status === snapshot.status && value.data === snapshot.session) return;
  snapshot = { status, session: value.data };
  for (const listener of listeners) listener();
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The session as the app sees it: loading (first load only), signed in, or signed out. */
export function useAuthSession(): AuthSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}

export function refetchSession() {
  return sessionAtom.get().refetch();
}

const NUDGE_AFTER_MS = 1500;
const GIVE_UP_AFTER_MS = 6000;

/**
 * Resolves once the session reaches the given status. better-auth refreshes the session by itself
 * after sign-in and sign-out; if that has not happened after a moment, ask once more.
 */
export function waitForAuthStatus(status: Exclude<AuthStatus, 'loading'>): Promise<void> {
  return new Promise((resolve) => {
    if (snapshot.status === status) return resolve();
    const nudge = setTimeout(() => void refetchSession(), NUDGE_AFTER_MS);
    const giveUp = setTimeout(done, GIVE_UP_AFTER_MS);
    const unsubscribe = subscribe(() => {
      if (snapshot.status === status) done();
    });
    function done() {
      clearTimeout(nudge);
      clearTimeout(giveUp);
      unsubscribe();
      resolve();
    }
  });
}
