import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/layout/auth-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { useChangePassword } from '../../features/auth/api/change-password';
import { useAuthSession } from '../../features/auth/api/get-session';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { UpdatePasswordForm, type NewPasswordValues } from '../../features/auth/components/update-password-form';
import { errorCode, errorMessage } from '../../lib/api-client';
import { showToast } from '../../lib/toast';

const REDIRECT_AFTER_UPDATE_MS = 2000;
const INVALID_TOKEN_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);

function showInvalidLinkToast() {
  showToast({
    id: 'invalid-recovery-link',
    variant: 'destructive',
    title: 'Invalid or expired link',
    description: 'Please request a new password reset link.',
  });
}

/** Toasts and sends the visitor to request a new link. */
function InvalidLink() {
  const navigate = useNavigate();
  useEffect(() => {
    showInvalidLinkToast();
    void navigate('/forgot-password', { replace: true });
  }, [navigate]);
  return <PageSpinner />;
}

function PasswordUpdated() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), REDIRECT_AFTER_UPDATE_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Card>
      <CardContent className="space-y-4 py-8 text-center">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 ring-1 ring-emerald-200">
          <CircleCheck aria-hidden className="size-8 text-emerald-700" />
        </div>
        <CardTitle as="h1" className="font-display text-2xl sm:text-3xl">
          Password Updated!
        </CardTitle>
        <p className="text-stone-700">Your password has been successfully changed. Taking you to your dashboard...</p>
      </CardContent>
    </Card>
  );
}

/**
 * SPEC §2 /update-password: a recovery link (?token=) resets the password; a signed-in user without
 * a link changes it (with the current password). Anything else is an invalid link.
 */
export default function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const { status } = useAuthSession();
  const [updated, setUpdated] = useState(false);
  const [tokenRejected, setTokenRejected] = useState(false);
  const resetPassword = useResetPassword();
  const changePassword = useChangePassword();

  const token = params.get('token');
  const linkError = params.get('error');

  const onUpdated = () => {
    showToast({ title: 'Password updated!', description: 'Your password has been successfully changed.' });
    setUpdated(true);
  };
  const onFailed = (error: Error) => {
    if (token && INVALID_TOKEN_CODES.has(errorCode(error) ?? '')) {
      setTokenRejected(true);
      return;
    }
    showToast({
      variant: 'destructive',
      title: 'Error',
      description: errorMessage(error) ?? 'Failed to update password. Please try again.',
    });
  };

  const submit = ({ currentPassword, newPassword }: NewPasswordValues) => {
    if (token) resetPassword.mutate({ token, newPassword }, { onSuccess: onUpdated, onError: onFailed });
    else changePassword.mutate({ currentPassword, newPassword }, { onSuccess: onUpdated, onError: onFailed });
  };

  let content;
  if (updated) content = <PasswordUpdated />;
  else if (linkError || tokenRejected) content = <InvalidLink />;
  else if (!token && status === 'loading') content = <PageSpinner />;
  else if (!token && status === 'signed-out') content = <InvalidLink />;
  else {
    content = (
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="font-display text-2xl sm:text-3xl">
            Update Password
          </CardTitle>
          <CardDescription>Choose a new password for your Hearth account.</CardDescription>
        </CardHeader>
        <CardContent>
          <UpdatePasswordForm
            askCurrentPassword={!token}
            isSubmitting={resetPassword.isPending || changePassword.isPending}
            onSubmit={submit}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <AuthLayout>
      <title>Update password · Hearth</title>
      {content}
    </AuthLayout>
  );
}
