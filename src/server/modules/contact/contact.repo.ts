import { eq, asc } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { contactMessage } from '../../db/schema';
import type { ExportParts } from '../../db/user-data';

export interface NewContactMessage {
  userId: string | null;
  name: string;
  email: string;
  reason: string | null;
  message: string;
}

export async function insertContactMessage(db: Database, value: NewContactMessage) {
  const [row] = await db.insert(contactMessage).values(value).returning({ id: contactMessage.id });
  return row!.id;
}

export async function markDelivered(db: Database, id: number) {
  await db.update(contactMessage).set({ deliveredAt: new Date() }).where(eq(contactMessage.id, id));
}

/** The account export's contact messages (issue 14): those the user sent while signed in. */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    contactMessages: () =>
      db
        .select({
          name: contactMessage.name,
          email: contactMessage.email,
          reason: contactMessage.reason,
          message: contactMessage.message,
          createdAt: contactMessage.createdAt,
        })
        .from(contactMessage)
        .where(eq(contactMessage.userId, userId))
        .orderBy(asc(contactMessage.id)),
  };
}

/** What the user wrote to the operator while signed in goes with the account. */
export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(contactMessage).where(eq(contactMessage.userId, userId));
}
