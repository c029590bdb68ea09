import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileSchema, type UpdateProfileInput, type User } from '@hearth/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmailAddress } from '../../../components/ui/email-address';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

const EMAIL_CHANGE_FALLBACK =
  'Profile updated! Please check your email and click the confirmation link to complete the email change.';
const EMAIL_CHANGE_TOAST_MS = 8000;

interface PersonalInformationCardProps {
  user: User;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

const formValuesOf = (user: User) => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
});

/** The requested address beside the confirmed one, until the change is confirmed. */
function PendingEmailChange({ email, pendingEmail }: { email: string; pendingEmail: string }) {
  return (
    <p data-testid="pending-email-change" className="mt-1 break-words">
      <Badge tone="warning" className="mr-1.5 align-middle">
        Pending
      </Badge>
      Change to <EmailAddress email={pendingEmail} className="font-medium text-stone-900" /> waits for confirmation:
      open the link sent to <EmailAddress email={email} />. Until then you sign in with <EmailAddress email={email} />.
    </p>
  );
}

/** First name, last name and email; read-only until Edit Profile, then Save or Cancel. */
export function PersonalInformationCard({ user, editing, onEditingChange }: PersonalInformationCardProps) {
  const savedValues = useMemo(() => formValuesOf(user), [user]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(updateProfileSchema), values: savedValues });
  const updateProfile = useUpdateProfile();

  const cancel = () => {
    reset(savedValues);
    onEditingChange(false);
  };

  const save = (values: UpdateProfileInput) =>
    updateProfile.mutate(values, {
      onSuccess: (result) => {
        // The form shows what is saved: a requested address is not the email yet (it shows as pending).
        reset(formValuesOf(result.user));
        if (result.emailChanged) {
          showToast({
            title: 'Profile updated',
            description: result.message ?? EMAIL_CHANGE_FALLBACK,
            duration: EMAIL_CHANGE_TOAST_MS,
          });
        } else {
          showToast({
            title: 'Profile updated',
            description: 'Your profile information has been successfully updated.',
          });
        }
        onEditingChange(false);
      },
      onError: (error) =>
        showToast({
          variant: 'destructive',
          title: 'Update failed',
          description: errorMessage(error) ?? 'Failed to update profile. Please try again.',
        }),
    });

  const emailHint =
    editing || user.pendingEmail ? (
      <>
        {editing ? <p>Changing your email sends a confirmation link to your current address.</p> : null}
        {user.pendingEmail ? <PendingEmailChange email={user.email} pendingEmail={user.pendingEmail} /> : null}
      </>
    ) : undefined;

  return (
    <Card aria-labelledby="personal-information-title">
      <form noValidate onSubmit={handleSubmit(save)}>
        <CardHeader>
          <CardTitle id="personal-information-title">Personal Information</CardTitle>
          <CardDescription>
            {editing ? 'Update your name and email address.' : 'Your name and the email address you sign in with.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="firstName" label="First Name" error={errors.firstName?.message}>
              {(control) => (
                <Input {...control} readOnly={!editing} autoComplete="given-name" {...register('firstName')} />
              )}
            </FormField>
            <FormField id="lastName" label="Last Name" error={errors.lastName?.message}>
              {(control) => (
                <Input {...control} readOnly={!editing} autoComplete="family-name" {...register('lastName')} />
              )}
            </FormField>
          </div>
          <FormField id="email" label="Email" error={errors.email?.message} hint={emailHint}>
            {(control) => (
              <Input {...control} type="email" readOnly={!editing} autoComplete="email" {...register('email')} />
            )}
          </FormField>
        </CardContent>
        {editing ? (
          <CardFooter className="justify-end">
            <Button variant="secondary" onClick={cancel} disabled={updateProfile.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={updateProfile.isPending}>
              {updateProfile.isPending ? 'Saving...' : 'Save'}
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
