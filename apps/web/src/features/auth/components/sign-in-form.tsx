import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema } from '@hearth/contracts';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorCode, errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useSignIn } from '../api/sign-in';

const linkClass = 'rounded font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline';

export function SignInForm() {
  const navigate = useNavigate();
  const [notVerifiedMessage, setNotVerifiedMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const signIn = useSignIn({
    onSuccess: () => {
      showToast({ title: 'Welcome back!', description: 'You have successfully signed in.' });
      void navigate('/dashboard', { replace: true });
    },
    onError: (error) => {
      const message = errorMessage(error);
      // The provider has just mailed a fresh verification link; say so next to the form as well.
      setNotVerifiedMessage(errorCode(error) === 'EMAIL_NOT_VERIFIED' ? (message ?? null) : null);
      showToast({
        variant: 'destructive',
        title: 'Error',
        description: message ?? 'Sign in failed. Please try again.',
      });
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => signIn.mutate(values))} className="space-y-5">
      {notVerifiedMessage ? (
        <Alert tone="error">
          {notVerifiedMessage.replace(/\.$/, '')}. We have sent you a new verification link: open it from your inbox,
          then sign in.
        </Alert>
      ) : null}
      <FormField id="email" label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            {...register('email')}
          />
        )}
      </FormField>
      <FormField
        id="password"
        label="Password"
        error={errors.password?.message}
        labelAside={
          <Link to="/forgot-password" className={`${linkClass} text-sm`}>
            Forgot Password?
          </Link>
        }
      >
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...register('password')} />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
        Sign In
      </Button>
      <p className="text-center text-sm text-stone-600">
        Don't have an account?{' '}
        <Link to="/signup" className={linkClass}>
          Start your free trial
        </Link>
      </p>
    </form>
  );
}
