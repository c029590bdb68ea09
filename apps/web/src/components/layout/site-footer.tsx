import { Link } from 'react-router';
import { LogoMark } from './logo';

const linkClass = 'rounded text-stone-600 underline-offset-4 hover:text-stone-900 hover:underline';

/**
 * Every footer links to the contact page. SPEC §2 has the signed-in "Contact us" without a target; a dead
 * link helps nobody, so it goes to /contact-us too (decision 061).
 */
export function SiteFooter({ variant = 'public' }: { variant?: 'public' | 'app' }) {
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-center gap-2 text-stone-600">
          <LogoMark className="size-5" />
          {/* The year is the visitor's, the prerendered page's may be older: let React keep the client's. */}
          <span suppressHydrationWarning>© {new Date().getFullYear()} Hearth</span>
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link to="/contact-us" className={linkClass}>
                {variant === 'public' ? 'Contact Us' : 'Contact us'}
              </Link>
            </li>
            <li>
              <Link to="/terms-of-use" className={linkClass}>
                Terms of Use
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
