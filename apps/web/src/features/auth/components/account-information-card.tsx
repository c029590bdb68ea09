import type { User } from '@hearth/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatLongDate } from '../../../lib/format';

export function AccountInformationCard({ user }: { user: User }) {
  return (
    <Card aria-labelledby="account-information-title">
      <CardHeader>
        <CardTitle id="account-information-title">Account Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-stone-600">Account ID</dt>
            <dd className="mt-1 font-mono text-xs break-all text-stone-900">{user.id}</dd>
          </div>
          <div>
            <dt className="font-medium text-stone-600">Member Since</dt>
            <dd className="mt-1 text-stone-900">{formatLongDate(user.createdAt)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
