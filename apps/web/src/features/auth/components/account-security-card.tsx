import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ChangePasswordDialog } from './change-password-dialog';

export function AccountSecurityCard() {
  return (
    <Card aria-labelledby="account-security-title">
      <CardHeader>
        <CardTitle id="account-security-title">Account Security</CardTitle>
        <CardDescription>Use a strong password that you don't use anywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <ChangePasswordDialog />
      </CardContent>
    </Card>
  );
}
