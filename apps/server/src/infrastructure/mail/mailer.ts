import { desc } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { OutboxMessage } from '@hearth/contracts';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Embedded default: mail is stored and logged so a person can follow its links locally. */
export function createOutboxTransport(db: Db, log: Logger): MailTransport {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values(message);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, links }, 'mail stored in outbox');
    },
    close: () => undefined,
  };
}

export async function listOutbox(db: Db): Promise<OutboxMessage[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(200);
  return rows.map(({ to, subject, text, html, createdAt }) => ({
    to,
    subject,
    text,
    html,
    createdAt: createdAt.toISOString(),
  }));
}
