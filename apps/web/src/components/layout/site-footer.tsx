import { Link } from 'react-router';
import { cn } from '../../lib/class-names';

const linkClass = 'rounded text-stone-600 underline-offset-4 hover:text-stone-900 hover:underline';

/**
 * Public pages link to the contact page; inside the app SPEC §2 keeps "Contact us" without a target.
 */
export function SiteFooter({ variant = 'public' }: { variant?: 'public' | 'app' }) {
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-stone-500">© {new Date().getFullYear()} Hearth</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          {variant === 'public' ? (
            <Link to="/contact-us" className={linkClass}>
              Contact Us
            </Link>
          ) : (
            <a className={cn(linkClass, 'cursor-default hover:no-underline')}>Contact us</a>
          )}
          <Link to="/terms-of-use" className={linkClass}>
            Terms of Use
          </Link>
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
