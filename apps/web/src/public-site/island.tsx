import type { JSX, ReactNode } from 'react';

/** A component rendered inside a marked box, so the browser can hydrate that box on its own. */
export interface Island<P extends object> {
  (props: P): JSX.Element;
  islandName: string;
  Component: (props: P) => ReactNode;
}

/**
 * Marks an interactive part of a public page (an "island"). The prerendered page is static HTML; in the
 * browser, public-entry.tsx hydrates each island in its own React root with the very component and props that
 * rendered it, and leaves the rest of the page (header, text, footer) alone: only these parts cost the phone's
 * CPU anything. The box has `display: contents`, so it changes no layout; in the SPA it is simply a wrapper.
 *
 * Its props travel from the HTML to the browser as JSON: plain data only, no functions or dates. An island must
 * render the same markup alone as inside the page, so it must not use `useId` (ids depend on the position in the
 * tree) nor a context that the page provides.
 */
export function island<P extends object>(name: string, Component: (props: P) => ReactNode): Island<P> {
  const Island = (props: P) => (
    <div data-island={name} data-island-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
  Island.displayName = `Island(${name})`;
  return Object.assign(Island, { islandName: name, Component });
}
