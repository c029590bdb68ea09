import { CreditCard, LifeBuoy, LogOut, User as UserIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { showToast } from '../../../lib/toast';
import { useCurrentUser } from '../api/get-current-user';
import { useSignOut } from '../api/sign-out';
import { userDisplayName, userInitials } from '../user-display';

/** The avatar menu of the app header: Profile, Billing, Help Center, Log out. */
export function UserMenu() {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const signOut = useSignOut({
    onSuccess: () => navigate('/signin', { replace: true }),
    onError: () =>
      showToast({ variant: 'destructive', title: 'Error', description: 'Failed to log out. Please try again.' }),
  });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <Avatar initials={user ? userInitials(user) : ''} imageUrl={user?.profileImageUrl} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {user ? (
          <DropdownMenuLabel className="px-2.5 py-2">
            <span className="block truncate font-semibold text-stone-900">{userDisplayName(user)}</span>
            {userDisplayName(user) !== user.email ? (
              <span className="block truncate text-xs text-stone-500">{user.email}</span>
            ) : null}
          </DropdownMenuLabel>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserIcon aria-hidden className="size-4" /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/billing">
            <CreditCard aria-hidden className="size-4" /> Billing
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/help-center">
            <LifeBuoy aria-hidden className="size-4" /> Help Center
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden className="size-4" /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
