import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '../index.css';
import { PUBLIC_ISLANDS } from './islands';

/*
 * The script of the prerendered public pages that have islands (island.tsx; today only the landing page). The
 * HTML is already complete and painted; this makes its interactive parts work (hero alternation, compare
 * sliders, FAQ) by hydrating each one in a root of its own, with the very component and props that rendered it.
 * The rest of the page is never hydrated: a phone's CPU only pays for what a visitor can interact with.
 */

/** Runs once its island's hydration has committed. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

const components = new Map(PUBLIC_ISLANDS.map(({ islandName, Component }) => [islandName, Component]));
const boxes = [...document.querySelectorAll<HTMLElement>('[data-island]')];
let pending = boxes.length;
/** Marks the document once every island is interactive, for tests and tools to wait on. */
const markHydrated = () => {
  if (pending === 0) document.documentElement.dataset.hydrated = 'true';
};
markHydrated();

for (const box of boxes) {
  let committed = false;
  const onCommit = () => {
    if (committed) return;
    committed = true;
    pending -= 1;
    markHydrated();
  };
  const Component = components.get(box.dataset.island ?? '') as ((props: object) => ReactNode) | undefined;
  if (!Component) throw new Error(`No island is called "${box.dataset.island}"`);
  const props = JSON.parse(box.dataset.islandProps ?? '{}') as object;
  // As a transition, hydration yields to the browser every few milliseconds: the page is already painted and
  // readable, so there is no hurry, only a phone's slow CPU to share.
  startTransition(() => {
    hydrateRoot(
      box,
      <StrictMode>
        <Component {...props} />
        <Committed onCommit={onCommit} />
      </StrictMode>,
    );
  });
}
