import type { MailMessage } from '../../infrastructure/mail/mailer';

interface Action {
  to: string;
  subject: string;
  intro: string;
  button: string;
  url: string;
  outro: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain, branded mail with a text part; one call-to-action link. */
function actionMail({ to, subject, intro, button, url, outro }: Action): MailMessage {
  const text = `Hearth\n\n${intro}\n\n${button}: ${url}\n\n${outro}\n\n— The Hearth team`;
  const html = `<!doctype html><html><body style="margin:0;background:#f6f5f2;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:bold;color:#b45309;padding-bottom:16px">Hearth</td></tr>
<tr><td style="font-size:16px;line-height:1.5;padding-bottom:24px">${escapeHtml(intro)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#b45309;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(button)}</a></td></tr>
<tr><td style="font-size:13px;line-height:1.5;color:#6b7280">${escapeHtml(outro)}<br><br>If the button does not work, paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(url)}</span></td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}

export const verifyEmailMail = (to: string, url: string) =>
  actionMail({
    to,
    subject: 'Verify your email for Hearth',
    intro: 'Welcome to Hearth! Please confirm your email address to finish creating your account.',
    button: 'Verify email',
    url,
    outro: 'If you did not sign up for Hearth, you can ignore this message.',
  });

export const resetPasswordMail = (to: string, url: string) =>
  actionMail({
    to,
    subject: 'Reset your Hearth password',
    intro: 'We received a request to reset your password. The link expires in 1 hour and works once.',
    button: 'Reset password',
    url,
    outro: 'If you did not ask for a new password, you can ignore this message; your password stays the same.',
  });

export const confirmEmailChangeMail = (to: string, newEmail: string, url: string) =>
  actionMail({
    to,
    subject: 'Confirm your new Hearth email address',
    intro: `You asked to change the email address of your Hearth account to ${newEmail}. Approve the change to continue; we will then send a verification link to the new address.`,
    button: 'Approve email change',
    url,
    outro: 'If you did not ask for this change, ignore this message and your email address stays the same.',
  });

export const accountExistsMail = (to: string, signInUrl: string) =>
  actionMail({
    to,
    subject: 'You already have a Hearth account',
    intro:
      'Someone, probably you, tried to create a Hearth account with this email address. You already have one: sign in, or use "Forgot Password?" if you do not remember your password.',
    button: 'Sign in',
    url: signInUrl,
    outro: 'If this was not you, you can ignore this message; nothing has changed.',
  });

export const signInLinkMail = (to: string, url: string, minutes: number) =>
  actionMail({
    to,
    subject: 'Your Hearth sign-in link',
    intro: `Someone has tried many wrong passwords on your Hearth account, so signing in with a password from new places is paused for a while. To sign in now, use this link: it works once and expires in ${minutes} minutes.`,
    button: 'Sign in to Hearth',
    url,
    outro:
      'If the failed attempts were not yours, your password was not revealed, but consider choosing a new one under Profile after signing in.',
  });
