import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/layout/auth-layout';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { SignInForm } from '../../features/auth/components/sign-in-form';

export default function SignInPage() {
  const [params] = useSearchParams();
  // The verification link lands here with ?verified=true, plus &error=... when the link was not valid.
  const verificationError = params.get('error');
  const verified = params.get('verified') === 'true';

  return (
    <AuthLayout>
      <title>Sign in · Hearth</title>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="font-display text-2xl sm:text-3xl">
            Welcome Back
          </CardTitle>
          <CardDescription>Sign in to your Hearth account.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          {verificationError ? (
            <Alert tone="error">This verification link is invalid or has expired. Sign in to receive a new one.</Alert>
          ) : verified ? (
            <Alert tone="success">Your email is verified. Sign in to continue.</Alert>
          ) : null}
          <SignInForm />
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
