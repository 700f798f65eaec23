import {
  DEFAULT_MODEL_MUST_BE_OFFERED,
  MODEL_LIST_MISMATCH,
  type ModelList,
  type ModelOffering,
} from '../../../shared/models/contract';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { catalogueOf } from './catalogue';
import { saveOfferings } from './models.repo';

type ModelsContext = Pick<AppContext, 'db' | 'llm' | 'log'>;

/** The Models page: every configured model with its settings. */
export async function listModels(ctx: ModelsContext): Promise<ModelList> {
  const offerings = await catalogueOf(ctx).fresh();
  return {
    configured: ctx.llm.configured,
    models: offerings.all.map((m) => ({ ...m, isDefault: m.model === offerings.defaultModel })),
  };
}

/**
 * Saves the list: it must name every configured model once (the provider serves those; the
 * console only decides how they are offered), and exactly one offered model is the default.
 */
export async function saveModels(
  ctx: ModelsContext,
  list: readonly ModelOffering[],
): Promise<ModelList> {
  const configured = new Set(ctx.llm.models);
  const sent = new Set(list.map((m) => m.model));
  if (
    !ctx.llm.configured ||
    sent.size !== list.length ||
    sent.size !== configured.size ||
    [...sent].some((m) => !configured.has(m))
  ) {
    throw badRequest(MODEL_LIST_MISMATCH);
  }
  const defaults = list.filter((m) => m.isDefault);
  if (defaults.length !== 1 || !defaults[0]!.enabled) {
    throw badRequest(DEFAULT_MODEL_MUST_BE_OFFERED);
  }
  await saveOfferings(ctx.db, list);
  catalogueOf(ctx).forget();
  return listModels(ctx);
}
