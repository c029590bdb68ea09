import { Fragment } from 'react';
import { cn } from '../../lib/class-names';

/** Where an address may wrap: after its '@' or a hyphen and before each '.', as addresses are usually broken. */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?<=[@-])|(?=\.)/).filter(Boolean);
}

/**
 * An email address that wraps on a narrow screen at its '@', a hyphen or a '.', not in the middle of a word. Only
 * a single part wider than the whole line is still broken, so nothing runs off the screen.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = emailBreakParts(email);
  return (
    <span className={cn('break-words', className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
