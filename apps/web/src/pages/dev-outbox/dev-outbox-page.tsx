import type { OutboxMessage } from '@hearth/contracts';
import { RefreshCw } from 'lucide-react';
import { Logo } from '../../components/layout/logo';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useAuthConfig } from '../../features/auth/api/get-auth-config';
import { useOutbox } from '../../features/dev-outbox/api/get-outbox';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import NotFoundPage from '../not-found/not-found-page';

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

function linksIn(text: string) {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}

function Message({ message }: { message: OutboxMessage }) {
  const links = linksIn(message.text);
  return (
    <Card>
      <CardContent className="space-y-3">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
          <h2 className="font-semibold text-stone-900">{message.subject}</h2>
          <time dateTime={message.createdAt} className="text-sm text-stone-500">
            {formatDateTime(message.createdAt)}
          </time>
        </div>
        <p className="text-sm text-stone-600">
          To: <span className="font-medium break-all text-stone-900">{message.to}</span>
        </p>
        {links.length ? (
          <ul className="space-y-1 text-sm">
            {links.map((href) => (
              <li key={href}>
                <a href={href} className="rounded font-medium break-all text-brand-700 underline underline-offset-4">
                  {href}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <pre className="overflow-x-auto rounded-lg bg-stone-50 p-3 font-sans text-sm whitespace-pre-wrap text-stone-700 [overflow-wrap:anywhere]">
          {message.text}
        </pre>
      </CardContent>
    </Card>
  );
}

function Outbox() {
  const outbox = useOutbox({ enabled: true });
  return (
    <div className="flex flex-1 flex-col">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-8 sm:px-6">
        <title>Local outbox · Hearth</title>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="font-display text-3xl font-bold text-stone-900">Local outbox</h1>
            <p className="mt-1 text-stone-600">Mail the app has sent while no mail server is set up. Newest first.</p>
          </div>
          <Button variant="secondary" size="sm" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
            <RefreshCw aria-hidden className={outbox.isFetching ? 'size-4 animate-spin' : 'size-4'} />
            Refresh
          </Button>
        </div>
        {outbox.isPending ? (
          <Spinner className="py-16" />
        ) : outbox.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(outbox.error) ?? 'The outbox could not be loaded.'}
          </p>
        ) : outbox.data.length === 0 ? (
          <p className="text-stone-600">No mail yet.</p>
        ) : (
          <ul className="space-y-4">
            {outbox.data.map((message) => (
              <li key={`${message.createdAt}-${message.to}-${message.subject}`}>
                <Message message={message} />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

/** Development only: reachable while mail goes to the local outbox, otherwise a 404. */
export default function DevOutboxPage() {
  const config = useAuthConfig();
  if (config.isPending) return <Spinner className="min-h-[60dvh]" />;
  if (!config.data?.devOutbox) return <NotFoundPage />;
  return <Outbox />;
}
