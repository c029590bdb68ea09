import type { User } from '@hearth/contracts';
import { ChevronRight, CreditCard, LifeBuoy, UserRound, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Card } from '../../components/ui/card';
import { userDisplayName, userInitials } from '../../features/auth/user-display';

const links: Array<{ to: string; label: string; Icon: LucideIcon }> = [
  { to: '/profile', label: 'Profile settings', Icon: UserRound },
  { to: '/billing', label: 'Billing and plans', Icon: CreditCard },
  { to: '/help-center', label: 'Help Center', Icon: LifeBuoy },
];

/** SPEC §2 side card with the profile links. */
export function AccountCard({ user }: { user: User }) {
  return (
    <Card aria-labelledby="account-card-title" className="p-5">
      <div className="flex items-center gap-3">
        <Avatar initials={userInitials(user)} imageUrl={user.profileImageUrl} />
        <div className="min-w-0">
          <h2 id="account-card-title" className="truncate font-semibold text-stone-900">
            {userDisplayName(user)}
          </h2>
          <p className="truncate text-sm text-stone-600">{user.email}</p>
        </div>
      </div>
      <nav aria-label="Account" className="mt-4 flex flex-col text-sm">
        {links.map(({ to, label, Icon }) => (
          <Link
            key={to}
            to={to}
            className="flex items-center gap-2.5 rounded-lg px-2 py-2 font-medium text-stone-800 hover:bg-brand-50 hover:text-brand-900"
          >
            <Icon aria-hidden className="size-4 text-stone-500" />
            <span className="flex-1">{label}</span>
            <ChevronRight aria-hidden className="size-4 text-stone-400" />
          </Link>
        ))}
      </nav>
    </Card>
  );
}
