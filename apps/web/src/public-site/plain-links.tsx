import type { ComponentProps } from 'react';
import type { Link as RouterLink, Path, To } from 'react-router';

/**
 * Stands in for react-router in the prerendered public pages' build (see build/prerender-public-pages.ts): the
 * shared layout components import `Link` from 'react-router', and here it is a plain anchor. A public page has
 * no client-side routes, so every link loads its page from the server, and the router's 30 KB stay out of the
 * landing page's JavaScript.
 */
type LinkProps = ComponentProps<typeof RouterLink>;

/** react-router's createPath (which cannot be imported here: this module is 'react-router' in that build). */
function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return pathname + query + fragment;
}

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

export function Link({
  to,
  // Router-only options: they mean nothing to a full page load.
  reloadDocument: _reloadDocument,
  replace: _replace,
  state: _state,
  preventScrollReset: _preventScrollReset,
  relative: _relative,
  viewTransition: _viewTransition,
  discover: _discover,
  prefetch: _prefetch,
  ...anchor
}: LinkProps) {
  return <a href={href(to)} {...anchor} />;
}

export { createPath };
