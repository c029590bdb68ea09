import { isPasswordStrong } from '@hearth/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { showToast } from '../../../lib/toast';
import { PasswordMatch, PasswordRequirements } from './password-requirements';

export interface NewPasswordValues {
  currentPassword: string;
  newPassword: string;
}

interface UpdatePasswordFormProps {
  /** A signed-in user without a reset link proves who they are with the current password. */
  askCurrentPassword: boolean;
  isSubmitting: boolean;
  onSubmit: (values: NewPasswordValues) => void;
}

/** New password, confirmation, live requirements and match indicator; submit stays off until both are right. */
export function UpdatePasswordForm({ askCurrentPassword, isSubmitting, onSubmit }: UpdatePasswordFormProps) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  const strong = isPasswordStrong(newPassword);
  const matches = newPassword === confirmPassword && confirmPassword !== '';
  const ready = strong && matches && (!askCurrentPassword || currentPassword !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!strong) {
      showToast({
        variant: 'destructive',
        title: 'Invalid password',
        description: 'Password must meet all requirements.',
      });
      return;
    }
    if (newPassword !== confirmPassword) {
      showToast({
        variant: 'destructive',
        title: "Passwords don't match",
        description: 'Please make sure both passwords are identical.',
      });
      return;
    }
    if (!ready) return;
    onSubmit({ currentPassword, newPassword });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {askCurrentPassword ? (
        <FormField id="currentPassword" label="Current Password">
          {(control) => (
            <PasswordInput
              {...control}
              name="currentPassword"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
              required
            />
          )}
        </FormField>
      ) : null}
      <FormField id="newPassword" label="New Password">
        {(control) => (
          <PasswordInput
            {...control}
            aria-describedby="newPassword-requirements"
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            required
          />
        )}
      </FormField>
      <PasswordRequirements id="newPassword-requirements" password={newPassword} />
      <div className="space-y-1.5">
        <FormField id="confirmPassword" label="Confirm New Password">
          {(control) => (
            <PasswordInput
              {...control}
              aria-describedby="confirmPassword-match"
              name="confirmPassword"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              required
            />
          )}
        </FormField>
        <PasswordMatch id="confirmPassword-match" password={newPassword} confirmation={confirmPassword} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!ready || isSubmitting}>
        {isSubmitting ? 'Please wait...' : 'Update Password'}
      </Button>
    </form>
  );
}
