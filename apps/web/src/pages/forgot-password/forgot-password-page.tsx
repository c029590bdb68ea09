import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/layout/auth-layout';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { EmailAddress } from '../../components/ui/email-address';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  return (
    <AuthLayout>
      <title>Reset your password · Hearth</title>
      {sent ? (
        <Card>
          <CardContent className="space-y-6 py-8 text-center">
            <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 ring-1 ring-brand-200">
              <MailCheck aria-hidden className="size-7 text-brand-700" />
            </div>
            <CardTitle as="h1" className="font-display text-2xl sm:text-3xl">
              Check Your Email
            </CardTitle>
            <p className="text-stone-700">
              We sent a password reset link to{' '}
              <strong className="font-semibold text-stone-900">
                <EmailAddress email={email} />
              </strong>
              . The link expires in 1 hour.
            </p>
            <div className="flex flex-col gap-3">
              <Button variant="secondary" size="lg" onClick={() => setSent(false)}>
                Send another email
              </Button>
              <ButtonLink to="/signin" size="lg">
                Back to Sign In
              </ButtonLink>
            </div>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader className="text-center">
            <CardTitle as="h1" className="font-display text-2xl sm:text-3xl">
              Forgot Password?
            </CardTitle>
            <CardDescription>Enter your email and we'll send you a link to reset your password.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <ForgotPasswordForm
              defaultEmail={email}
              onSent={(address) => {
                setEmail(address);
                setSent(true);
              }}
            />
            <p className="text-center text-sm text-stone-600">
              Remembered it?{' '}
              <Link
                to="/signin"
                className="rounded font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
              >
                Back to Sign In
              </Link>
            </p>
          </CardContent>
        </Card>
      )}
    </AuthLayout>
  );
}
