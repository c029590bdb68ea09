import { CircleAlert } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardTitle } from '../../components/ui/card';

/** Any unknown path (SPEC §2, §8). */
export default function NotFoundPage() {
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-16">
      <title>Page Not Found · Hearth</title>
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 py-8 text-center">
          <CircleAlert aria-hidden className="mx-auto size-10 text-brand-700" />
          <CardTitle as="h1" className="font-display text-2xl">
            Page Not Found
          </CardTitle>
          <p className="text-stone-600">404 Page Not Found</p>
          <ButtonLink to="/" variant="secondary">
            Go to the home page
          </ButtonLink>
        </CardContent>
      </Card>
    </main>
  );
}
