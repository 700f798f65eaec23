import { z } from 'zod';

/**
 * One model's sampling as the operator sets it in LLM_SAMPLING, in the request's own field names.
 * Strict, so a misspelt field stops the start instead of being ignored. The last three are not
 * OpenAI's but vLLM's, llama.cpp's and OpenRouter's, and only sent when set here.
 */
export const samplingSetting = z.strictObject({
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().gt(0).max(1).optional(),
  frequency_penalty: z.number().min(-2).max(2).optional(),
  presence_penalty: z.number().min(-2).max(2).optional(),
  min_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  repetition_penalty: z.number().gt(0).max(3).optional(),
});

export type SamplingSetting = z.infer<typeof samplingSetting>;

/** LLM_SAMPLING's key for settings every model gets (a model's own entry wins over it). */
export const EVERY_MODEL = '*';

const SHAPE =
  'must be a JSON object of model name (or "*") to { "temperature", "top_p", ' +
  '"frequency_penalty", "presence_penalty", "min_p", "top_k", "repetition_penalty" }';

/**
 * LLM_SAMPLING parsed: model → sampling. Returns the problems instead, one line each, named like
 * `LLM_SAMPLING[rp-70b].temperature: …`; a model outside `models` (when given) is one of them.
 */
export function parseSamplingSetting(
  raw: string | undefined,
  models: readonly string[] | undefined,
): { ok: true; value: Record<string, SamplingSetting> } | { ok: false; problems: string[] } {
  if (raw === undefined) return { ok: true, value: {} };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, problems: [`LLM_SAMPLING: ${SHAPE}`] };
  }
  const parsed = z.record(z.string(), samplingSetting, { error: SHAPE }).safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const [model, ...field] = issue.path.map(String);
        const where = model === undefined ? '' : `[${model}]${field.map((f) => `.${f}`).join('')}`;
        return `LLM_SAMPLING${where}: ${issue.message}`;
      }),
    };
  }
  const unknown = Object.keys(parsed.data).filter(
    (model) => models !== undefined && model !== EVERY_MODEL && !models.includes(model),
  );
  if (unknown.length > 0) {
    return {
      ok: false,
      problems: unknown.map(
        (model) => `LLM_SAMPLING[${model}]: not in LLM_MODELS (use "*" for every model)`,
      ),
    };
  }
  return { ok: true, value: parsed.data };
}
