import { ButtonLink } from '../ui/button';
import { Logo } from './logo';

/** Sticky header of the public pages: logo, Sign In and Start Free (SPEC §2 landing, contact). */
export function PublicHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200/80 bg-canvas/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-1.5 sm:gap-2">
          <ButtonLink to="/signin" variant="ghost" size="sm">
            Sign In
          </ButtonLink>
          <ButtonLink to="/signup" size="sm">
            Start Free
          </ButtonLink>
        </nav>
      </div>
    </header>
  );
}
