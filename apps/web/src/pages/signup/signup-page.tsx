import { useState } from 'react';
import { AuthLayout } from '../../components/layout/auth-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CheckYourEmail } from '../../features/auth/components/check-your-email';
import { SignUpForm } from '../../features/auth/components/sign-up-form';

export default function SignUpPage() {
  const [createdFor, setCreatedFor] = useState<string | null>(null);

  return (
    <AuthLayout>
      <title>{createdFor ? 'Check your email · Hearth' : 'Start your free trial · Hearth'}</title>
      {createdFor ? (
        <CheckYourEmail email={createdFor} />
      ) : (
        <Card>
          <CardHeader className="text-center">
            <CardTitle as="h1" className="font-display text-2xl sm:text-3xl">
              Start Your Free Trial
            </CardTitle>
            <CardDescription>No credit card required.</CardDescription>
          </CardHeader>
          <CardContent>
            <SignUpForm onCreated={setCreatedFor} />
          </CardContent>
        </Card>
      )}
    </AuthLayout>
  );
}
