import { FALLIBLE_FEATURES, type FallibleFeature } from './request-body';

/**
 * What this process learnt about each model's server: which fallible features it took, and which
 * it refused with a 400 (json_schema on llama.cpp builds and proxies without it, system messages
 * under Gemma's template, assistant prefills on APIs that forbid them).
 *
 * A request that sends a feature not yet known is asked again without it after a 400, one
 * feature at a time in FALLIBLE_FEATURES' order; when that answers, the feature dropped last is
 * the one refused, remembered so the next call goes straight without it. A 400 for another reason
 * (a prompt too long) fails every attempt and teaches nothing. Once all a model's features are
 * known, a request carries nothing for a retry (a streamed reply then keeps no prompt while the
 * model thinks).
 */
export class ServerAdaptation {
  readonly #known = new Map<string, Map<FallibleFeature, 'taken' | 'refused'>>();

  /** The features not to send to `model`: those it refused. */
  withheld(model: string): Set<FallibleFeature> {
    const withheld = new Set<FallibleFeature>();
    for (const [feature, verdict] of this.#known.get(model) ?? []) {
      if (verdict === 'refused') withheld.add(feature);
    }
    return withheld;
  }

  /** The feature to give up after a 400 to a request that sent `sent`, if any is still in doubt. */
  nextToDrop(model: string, sent: ReadonlySet<FallibleFeature>): FallibleFeature | undefined {
    const known = this.#known.get(model);
    return FALLIBLE_FEATURES.find((feature) => sent.has(feature) && !known?.has(feature));
  }

  /** A request answered: what it sent was taken; `dropped` (what made it answer) was refused. */
  answered(model: string, sent: ReadonlySet<FallibleFeature>, dropped?: FallibleFeature) {
    let known = this.#known.get(model);
    if (!known) this.#known.set(model, (known = new Map()));
    for (const feature of sent) known.set(feature, 'taken');
    if (dropped) known.set(dropped, 'refused');
  }
}

/** The statuses with which a server refuses a request it cannot take (vLLM's older FastAPI: 422). */
export function isRefusal(status: number | undefined): boolean {
  return status === 400 || status === 422;
}
