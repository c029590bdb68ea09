import { expect, test } from '@playwright/test';
import { mailedLink, PASSWORD, signInThroughUi, signUpThroughUi, uniqueEmail } from './helpers';

const CHANGED_PASSWORD = 'Porch-Light-2027';
const RESET_PASSWORD = 'Garden-Gate-88';

test('sign up → verify → sign in → edit profile → change password → sign out → reset → sign in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('journey');

  // Sign up, then verify through the local outbox page linked from "Check Your Email".
  await signUpThroughUi(page, email);
  await expect(page.getByText('Check Your Email')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('link', { name: 'Open the local outbox' }).click();
  await expect(page).toHaveURL(/\/dev\/outbox$/);
  await page
    .getByRole('link', { name: /verify-email\?token=/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/signin\?verified=true$/);

  // Sign in.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Edit the profile.
  await page.getByRole('button', { name: /account menu|avatar|open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Account Information')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('First Name').fill('x'.repeat(51));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('First name must be less than 50 characters')).toBeVisible();
  await page.getByLabel('First Name').fill('Morgan');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile information has been successfully updated.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Morgan Agent' })).toBeVisible();

  // Change the password in the dialog.
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current Password').fill(PASSWORD);
  await dialog.getByLabel('New Password', { exact: true }).fill(CHANGED_PASSWORD);
  await dialog.getByLabel(/Confirm/).fill(CHANGED_PASSWORD);
  await dialog.getByRole('button', { name: /update password|change password|save/i }).click();
  await expect(page.getByText('Your password has been successfully updated.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Sign out.
  await page.getByRole('button', { name: /account menu|avatar|open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);

  // Forgot password → mail → reset.
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  // The sign-in form has an Email field too: wait for the forgot-password page before filling.
  await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByText('Reset email sent!')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/1 hour/)).toBeVisible();

  await page.goto(await mailedLink(request, email, /Reset your Hearth password/));
  await expect(page).toHaveURL(/\/update-password\?token=/);
  const submit = page.getByRole('button', { name: /update password/i });
  await page.getByLabel('New Password', { exact: true }).fill('weak');
  await expect(submit).toBeDisabled();
  await page.getByLabel('New Password', { exact: true }).fill(RESET_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(`${RESET_PASSWORD}x`);
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirm New Password').fill(RESET_PASSWORD);
  await expect(page.getByText('Passwords match')).toBeVisible();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
  await expect(page.getByText('Taking you to your dashboard...')).toBeVisible();
  // The reset signed this browser in (SPEC §2): two seconds later it is on the dashboard, as promised.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await page.getByRole('button', { name: /account menu|avatar|open user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // The reset link works once.
  await page.goto(await mailedLink(request, email, /Reset your Hearth password/));
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByText('Invalid or expired link')).toBeVisible();

  // Only the newest password opens the account.
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CHANGED_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await signInThroughUi(page, email, RESET_PASSWORD);
});

test('a new account cannot sign in before verifying its email', async ({ page }) => {
  const email = uniqueEmail('unverified');
  await signUpThroughUi(page, email);
  await page
    .getByRole('link', { name: 'Continue to Sign In' })
    .or(page.getByRole('button', { name: 'Continue to Sign In' }))
    .click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(/verif/i).first()).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});
