import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '../../components/layout/logo';
import { PageHead } from '../../components/layout/page-head';
import { PublicHeader } from '../../components/layout/public-header';
import { SiteFooter } from '../../components/layout/site-footer';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardTitle } from '../../components/ui/card';
import { PAGE_META } from '../../content/page-meta';
import { useAuthSession } from '../../features/auth/api/get-session';

/** The header fits who is looking: the app's way back for a signed-in user, Sign In / Start Free otherwise. */
function NotFoundHeader({ signedIn }: { signedIn: boolean }) {
  if (!signedIn) return <PublicHeader />;
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo to="/dashboard" />
        <ButtonLink to="/dashboard" variant="secondary" size="sm">
          Dashboard
        </ButtonLink>
      </div>
    </header>
  );
}

/** Any unknown path (SPEC §2, §8): the card titled 'Page Not Found', inside the site's header and footer. */
export default function NotFoundPage() {
  const { status } = useAuthSession();
  const signedIn = status === 'signed-in';
  return (
    <>
      <NotFoundHeader signedIn={signedIn} />
      <main className="flex flex-1 items-center justify-center px-4 py-16">
        <PageHead meta={PAGE_META.notFound} />
        <Card className="w-full max-w-md">
          <CardContent className="space-y-4 py-8 text-center">
            <CircleAlert aria-hidden className="mx-auto size-10 text-brand-700" />
            <CardTitle as="h1" className="font-display text-2xl">
              Page Not Found
            </CardTitle>
            <p className="text-stone-600">404 Page Not Found</p>
            <p className="text-sm text-stone-600">
              The address may be mistyped, or the page may have moved. Try the home page, or{' '}
              <Link to="/help-center" className="font-medium text-brand-800 underline underline-offset-4">
                the help center
              </Link>
              .
            </p>
            <ButtonLink to={signedIn ? '/dashboard' : '/'} variant="secondary">
              {signedIn ? 'Go to your dashboard' : 'Go to the home page'}
            </ButtonLink>
          </CardContent>
        </Card>
      </main>
      <SiteFooter variant={signedIn ? 'app' : 'public'} />
    </>
  );
}
