import { zodResolver } from '@hookform/resolvers/zod';
import { signUpSchema, type SignUpInput } from '@hearth/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useSignUp } from '../api/sign-up';

const linkClass = 'rounded font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline';

/** The sign-up form; `onCreated` receives the address the verification link was sent to. */
export function SignUpForm({ onCreated }: { onCreated: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const signUp = useSignUp();

  const onSubmit = (values: SignUpInput) =>
    signUp.mutate(values, {
      onSuccess: () => onCreated(values.email.trim()),
      onError: (error) =>
        showToast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error) ?? 'Registration failed. Please try again.',
        }),
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="firstName" label="First Name" error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="given-name" {...register('firstName')} />}
        </FormField>
        <FormField id="lastName" label="Last Name" error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="family-name" {...register('lastName')} />}
        </FormField>
      </div>
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
      <FormField id="password" label="Password" error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Please wait...' : 'Create Your Free Account'}
      </Button>
      <p className="text-center text-xs leading-relaxed text-stone-500">
        By creating an account you agree to our{' '}
        <Link to="/terms-of-use" className={linkClass}>
          Terms of Use
        </Link>{' '}
        and{' '}
        <Link to="/privacy-policy" className={linkClass}>
          Privacy Policy
        </Link>
        .
      </p>
      <p className="text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link to="/signin" className={linkClass}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
