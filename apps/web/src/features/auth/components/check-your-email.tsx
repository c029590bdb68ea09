import { CircleCheck, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardTitle } from '../../../components/ui/card';
import { EmailAddress } from '../../../components/ui/email-address';
import { useAuthConfig } from '../api/get-auth-config';

/** The sign-up confirmation: 'Account Created!' and 'Check Your Email' (SPEC §2 /signup). */
export function CheckYourEmail({ email }: { email: string }) {
  const { data: config } = useAuthConfig();
  return (
    <Card>
      <CardContent className="space-y-6 py-8 text-center">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 ring-1 ring-emerald-200">
          <CircleCheck aria-hidden className="size-8 text-emerald-700" />
        </div>
        <div className="space-y-2">
          <CardTitle as="h1" className="font-display text-2xl sm:text-3xl">
            Account Created!
          </CardTitle>
          <h2 className="text-lg font-semibold text-stone-800">Check Your Email</h2>
        </div>
        <p className="text-stone-700">
          We sent a verification link to{' '}
          <strong className="font-semibold text-stone-900">
            <EmailAddress email={email} />
          </strong>
          . You must click the link in that email before you can sign in.
        </p>
        <ButtonLink to="/signin" size="lg" className="w-full">
          Continue to Sign In
        </ButtonLink>
        {config?.devOutbox ? (
          <p className="text-sm text-stone-600">
            <Link
              to="/dev/outbox"
              className="inline-flex items-center gap-1.5 rounded font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              <Inbox aria-hidden className="size-4" />
              Open the local outbox
            </Link>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
