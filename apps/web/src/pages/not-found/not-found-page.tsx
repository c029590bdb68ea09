import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { PageHead } from '../../components/layout/page-head';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardTitle } from '../../components/ui/card';
import { PAGE_META } from '../../content/page-meta';

/** Any unknown path (SPEC §2, §8). */
export default function NotFoundPage() {
  return (
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
          <ButtonLink to="/" variant="secondary">
            Go to the home page
          </ButtonLink>
        </CardContent>
      </Card>
    </main>
  );
}
