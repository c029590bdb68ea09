import { zodResolver } from '@hookform/resolvers/zod';
import { resetEmailSchema, type ResetEmailInput } from '@hearth/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage, errorStatus } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useRequestPasswordReset } from '../api/request-password-reset';

interface ForgotPasswordFormProps {
  defaultEmail: string;
  onSent: (email: string) => void;
}

export function ForgotPasswordForm({ defaultEmail, onSent }: ForgotPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetEmailSchema), defaultValues: { email: defaultEmail } });
  const requestReset = useRequestPasswordReset();

  const onSubmit = (values: ResetEmailInput) =>
    requestReset.mutate(values, {
      onSuccess: () => {
        showToast({ title: 'Reset email sent!', description: 'Check your email for a link to reset your password.' });
        onSent(values.email.trim());
      },
      onError: (error) => {
        // The provider answered with an error, or the request never got an answer.
        const description =
          errorStatus(error) === undefined
            ? 'An unexpected error occurred. Please try again.'
            : (errorMessage(error) ?? 'Failed to send reset email. Please try again.');
        showToast({ variant: 'destructive', title: 'Error', description });
      },
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
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
      <Button type="submit" size="lg" className="w-full" disabled={requestReset.isPending}>
        {requestReset.isPending ? 'Please wait...' : 'Send Reset Email'}
      </Button>
    </form>
  );
}
