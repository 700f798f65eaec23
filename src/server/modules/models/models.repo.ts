import { asc, sql } from 'drizzle-orm';
import type { ModelOffering } from '../../../shared/models/contract';
import type { Database } from '../../db/client';
import { modelOffering } from '../../db/schema';

/** Every stored offering, in the console's order. */
export async function readOfferings(db: Database): Promise<ModelOffering[]> {
  return db
    .select({
      model: modelOffering.model,
      label: modelOffering.label,
      enabled: modelOffering.enabled,
      isDefault: modelOffering.isDefault,
      creditsPerReply: modelOffering.creditsPerReply,
      inputUsdPerMillion: modelOffering.inputUsdPerMillion,
      outputUsdPerMillion: modelOffering.outputUsdPerMillion,
    })
    .from(modelOffering)
    .orderBy(asc(modelOffering.position), asc(modelOffering.model));
}

/**
 * Seeds the rows of configured models that have none: labelled with their name, offered, 1
 * credit a reply, no prices; the configured default becomes the default when none is. Several
 * servers may seed at once: a row or a default another one wrote first is kept (ON CONFLICT DO
 * NOTHING covers the primary key and the one-default index alike).
 */
export async function seedOfferings(
  db: Database,
  models: readonly string[],
  defaultModel: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [position, model] of models.entries()) {
      await tx.execute(sql`insert into ${modelOffering} (model, label, position, is_default)
        values (${model}, ${model}, ${position},
          ${model === defaultModel} and not exists (select 1 from ${modelOffering} where is_default))
        on conflict do nothing`);
    }
  });
}

/**
 * Saves the list as sent, in its order (the service checked it names every configured model
 * once and one offered default). The default moves in one statement, so the one-default index
 * holds at every moment.
 */
export async function saveOfferings(db: Database, list: readonly ModelOffering[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update ${modelOffering} set is_default = false where is_default`);
    for (const [position, m] of list.entries()) {
      await tx
        .insert(modelOffering)
        .values({ ...m, position, updatedAt: sql`now()` })
        .onConflictDoUpdate({
          target: modelOffering.model,
          set: {
            label: m.label,
            enabled: m.enabled,
            isDefault: m.isDefault,
            creditsPerReply: m.creditsPerReply,
            inputUsdPerMillion: m.inputUsdPerMillion,
            outputUsdPerMillion: m.outputUsdPerMillion,
            position,
            updatedAt: sql`now()`,
          },
        });
    }
  });
}
