import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { instanceSettings } from '../db/schema/index.js';

/** The instance's setting `key`, stored with `value` first if it has none (the first writer wins). */
export async function keepInstanceSetting(db: Db, key: string, value: string): Promise<string | undefined> {
  await db.insert(instanceSettings).values({ key, value }).onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, key));
  return row?.value;
}
