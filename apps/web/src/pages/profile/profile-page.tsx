import type { User } from '@hearth/contracts';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { BackLink } from '../../components/layout/back-link';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { AccountInformationCard } from '../../features/auth/components/account-information-card';
import { AccountSecurityCard } from '../../features/auth/components/account-security-card';
import { CurrentUserGate } from '../../features/auth/components/current-user-gate';
import { PersonalInformationCard } from '../../features/auth/components/personal-information-card';
import { userDisplayName, userInitials } from '../../features/auth/user-display';

function Profile({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const name = userDisplayName(user);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar size="lg" initials={userInitials(user)} imageUrl={user.profileImageUrl} />
          <div className="min-w-0">
            <h1 className="font-display text-2xl font-bold break-words text-stone-900 sm:text-3xl">{name}</h1>
            {name !== user.email ? <p className="truncate text-stone-600">{user.email}</p> : null}
          </div>
        </div>
        {editing ? null : (
          <Button variant="secondary" onClick={() => setEditing(true)} className="self-start sm:self-auto">
            <Pencil aria-hidden className="size-4" />
            Edit Profile
          </Button>
        )}
      </div>
      <PersonalInformationCard user={user} editing={editing} onEditingChange={setEditing} />
      <AccountSecurityCard />
      <AccountInformationCard user={user} />
    </div>
  );
}

export default function ProfilePage() {
  return (
    <>
      <title>Profile · Hearth</title>
      <CurrentUserGate>{(user) => <Profile user={user} />}</CurrentUserGate>
    </>
  );
}
