import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';

export type UserRow = typeof user.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
  return row;
}

export async function updateUserNames(db: Db, id: string, names: { firstName: string; lastName: string }) {
  const [row] = await db
    .update(user)
    .set({ ...names, name: `${names.firstName} ${names.lastName}`.trim() })
    .where(eq(user.id, id))
    .returning();
  return row;
}
