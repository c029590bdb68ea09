import type { User } from '@hearth/contracts';
import { ArrowRight, CreditCard, LifeBuoy, UserRound, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { CurrentUserGate } from '../../features/auth/components/current-user-gate';
import { userDisplayName, userGreetingName } from '../../features/auth/user-display';

interface Destination {
  to: string;
  title: string;
  text: string;
  Icon: LucideIcon;
}

const destinations: Destination[] = [
  { to: '/profile', title: 'Profile', text: 'Your name, email address and password.', Icon: UserRound },
  { to: '/billing', title: 'Billing', text: 'Your plan, usage and subscription.', Icon: CreditCard },
  {
    to: '/help-center',
    title: 'Help Center',
    text: 'Uploading, templates, custom prompts, results and troubleshooting.',
    Icon: LifeBuoy,
  },
];

function Dashboard({ user }: { user: User }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <div className="space-y-6">
        <div>
          <h1 className="font-display text-3xl font-bold break-words text-stone-900 sm:text-4xl">
            Welcome, {userGreetingName(user)}
          </h1>
          <p className="mt-2 text-stone-600">Upload listing photos and get staged, enhanced versions back.</p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3">
          {destinations.map(({ to, title, text, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group grid h-full grid-cols-[auto_1fr] items-start gap-x-4 gap-y-1 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow-md sm:flex sm:flex-col sm:gap-3 sm:p-5"
              >
                <span className="row-span-2 flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span className="flex items-center gap-1 font-semibold text-stone-900">
                  {title}
                  <ArrowRight
                    aria-hidden
                    className="size-4 text-stone-400 transition group-hover:translate-x-0.5 group-hover:text-brand-700"
                  />
                </span>
                <span className="text-sm text-stone-600">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <Card aria-labelledby="account-card-title" className="h-fit p-5">
        <h2 id="account-card-title" className="font-semibold text-stone-900">
          Your account
        </h2>
        <p className="mt-1 truncate text-sm text-stone-600">{userDisplayName(user)}</p>
        <nav aria-label="Account" className="mt-4 flex flex-col gap-1 text-sm">
          <Link to="/profile" className="rounded-lg px-2 py-1.5 font-medium text-brand-700 hover:bg-brand-50">
            Edit profile
          </Link>
          <Link to="/profile" className="rounded-lg px-2 py-1.5 font-medium text-brand-700 hover:bg-brand-50">
            Change password
          </Link>
          <Link to="/billing" className="rounded-lg px-2 py-1.5 font-medium text-brand-700 hover:bg-brand-50">
            Manage billing
          </Link>
        </nav>
      </Card>
    </div>
  );
}

export default function DashboardPage() {
  return (
    <>
      <title>Dashboard · Hearth</title>
      <CurrentUserGate>{(user) => <Dashboard user={user} />}</CurrentUserGate>
    </>
  );
}
