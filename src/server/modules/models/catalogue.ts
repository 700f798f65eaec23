import type { ModelOffer } from '../../../shared/chat/contract';
import type { ModelOffering } from '../../../shared/models/contract';
import type { AppContext } from '../../context';
import { readOfferings, seedOfferings } from './models.repo';

/**
 * How long a server keeps the offerings it read: a change on the console reaches every server
 * within this time (the server that saved it at once).
 */
const FRESH_MS = 5_000;

/** The models offered as the rest of the server reads them. */
export interface Offerings {
  /** Every configured model (LLM_MODELS) in the console's order, with its settings. */
  readonly all: readonly ModelOffering[];
  /** Those offered to users. */
  readonly offered: readonly ModelOffering[];
  /** The model a conversation without one of its own uses; null without a model. */
  readonly defaultModel: string | null;
  /**
   * For a statement that prices a reply itself (chat's prompt-context.repo): `{ model: credits }`
   * of the offered models as JSON, and the default model's credits for any other.
   */
  readonly creditsJson: string;
  readonly defaultCredits: number;
}

type CatalogueContext = Pick<AppContext, 'db' | 'llm' | 'log'>;

/** What each configured model is before the console changed anything (and before the first read). */
function seedState(ctx: CatalogueContext): ModelOffering[] {
  return ctx.llm.models.map((model) => ({
    model,
    label: model,
    enabled: true,
    isDefault: model === ctx.llm.defaultModel,
    creditsPerReply: 1,
    inputUsdPerMillion: 0,
    outputUsdPerMillion: 0,
  }));
}

/** The configured models with their stored settings; a stored model no longer configured is left out. */
function offeringsOf(ctx: CatalogueContext, stored: readonly ModelOffering[]): Offerings {
  const configured = new Set(ctx.llm.models);
  const seen = new Map(stored.filter((m) => configured.has(m.model)).map((m) => [m.model, m]));
  const seed = seedState(ctx);
  const all = [
    ...seen.values(),
    ...seed.filter((m) => !seen.has(m.model)).map((m) => ({ ...m, isDefault: false })),
  ];
  const offered = all.filter((m) => m.enabled);
  const defaultModel =
    offered.find((m) => m.isDefault)?.model ??
    offered[0]?.model ??
    (ctx.llm.configured ? (ctx.llm.defaultModel ?? null) : null);
  const creditsJson = JSON.stringify(
    Object.fromEntries(offered.map((m) => [m.model, m.creditsPerReply])),
  );
  const defaultCredits = offered.find((m) => m.model === defaultModel)?.creditsPerReply ?? 1;
  return { all, offered, defaultModel, creditsJson, defaultCredits };
}

class ModelCatalogue {
  private snapshot: Offerings;
  private readAt = 0;
  private reading: Promise<void> | null = null;
  private seeded = false;

  constructor(private readonly ctx: CatalogueContext) {
    this.snapshot = offeringsOf(ctx, seedState(ctx));
  }

  /** The last offerings read (the configured defaults until the first read). */
  current(): Offerings {
    return this.snapshot;
  }

  /** The offerings, read again when older than FRESH_MS (one read at a time per server). */
  async fresh(): Promise<Offerings> {
    if (!this.ctx.llm.configured) return this.snapshot;
    if (performance.now() - this.readAt < FRESH_MS && this.readAt > 0) return this.snapshot;
    this.reading ??= this.read().finally(() => (this.reading = null));
    await this.reading;
    return this.snapshot;
  }

  /** After a save on this server: the next fresh() reads at once. */
  forget() {
    this.readAt = 0;
  }

  private async read() {
    if (!this.seeded) {
      await seedOfferings(this.ctx.db, this.ctx.llm.models, this.ctx.llm.defaultModel);
      this.seeded = true;
    }
    this.snapshot = offeringsOf(this.ctx, await readOfferings(this.ctx.db));
    this.readAt = performance.now();
  }
}

const catalogues = new WeakMap<CatalogueContext['db'], ModelCatalogue>();

/** This app's catalogue (one per database handle, so each test app has its own). */
export function catalogueOf(ctx: CatalogueContext): ModelCatalogue {
  let catalogue = catalogues.get(ctx.db);
  if (!catalogue) {
    catalogue = new ModelCatalogue(ctx);
    catalogues.set(ctx.db, catalogue);
  }
  return catalogue;
}

/** What users are shown of the offered models. */
export const offersOf = (offerings: Offerings): ModelOffer[] =>
  offerings.offered.map(({ model, label, creditsPerReply }) => ({ model, label, creditsPerReply }));

/** The credits one reply on `model` costs: an offered model's price, else the default's. */
export function creditsPerReply(offerings: Offerings, model: string | null): number {
  const find = (id: string | null) => offerings.offered.find((m) => m.model === id);
  return (find(model) ?? find(offerings.defaultModel))?.creditsPerReply ?? 1;
}
