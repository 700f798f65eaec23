import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessage } from '../../db/schema';

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
