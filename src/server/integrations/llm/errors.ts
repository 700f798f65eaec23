/**
 * Why a model call failed, in the integration's own terms; the HTTP status each one answers with
 * is decided in one place (`toHttpError` in plugins/errors.ts), not here.
 * - `not-configured`: no model (or image model) is set up on this server;
 * - `unknown-model`: the request named a model outside the allow-list;
 * - `upstream`: the provider failed (network, timeout, error status, empty or unusable answer).
 */
export type LlmFailure = 'not-configured' | 'unknown-model' | 'upstream';

/** A failed model call; `message` is safe to show to the user. */
export class LlmError extends Error {
  override readonly name = 'LlmError';

  constructor(
    readonly failure: LlmFailure,
    message: string,
    /** A short diagnostic for logs (status code, "timed out"…), never the provider's body. */
    diagnostic?: string,
  ) {
    super(message);
    if (diagnostic) this.cause = diagnostic;
  }
}
