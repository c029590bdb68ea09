import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '@hearth/contracts';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

const emptyValues: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The Change Password dialog of the profile page; cancel or success resets and closes it. */
export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: emptyValues });
  const changePassword = useChangePassword();

  const setOpenAndReset = (next: boolean) => {
    if (!next) reset(emptyValues);
    setOpen(next);
  };

  const submit = ({ currentPassword, newPassword }: ChangePasswordInput) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          showToast({ title: 'Password updated', description: 'Your password has been successfully updated.' });
          setOpenAndReset(false);
        },
        onError: (error) =>
          showToast({
            variant: 'destructive',
            title: 'Password update failed',
            description: errorMessage(error) ?? 'Failed to update password. Please try again.',
          }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={setOpenAndReset}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <KeyRound aria-hidden className="size-4" />
          Change Password
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Change Password"
        description="Enter your current password and choose a new one. Your other sessions will be signed out."
      >
        <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
          <FormField id="currentPassword" label="Current Password" error={errors.currentPassword?.message}>
            {(control) => (
              <PasswordInput {...control} autoComplete="current-password" {...register('currentPassword')} />
            )}
          </FormField>
          <FormField
            id="newPassword"
            label="New Password"
            error={errors.newPassword?.message}
            hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
          >
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('newPassword')} />}
          </FormField>
          <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('confirmPassword')} />}
          </FormField>
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpenAndReset(false)} disabled={changePassword.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={changePassword.isPending}>
              {changePassword.isPending ? 'Updating...' : 'Update Password'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
