import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import * as themes from '../../../shared/themes/endpoints';
import { ApiError } from '../../lib/api';

/**
 * What the theme's writes share: the query key of a user's themes, how a failure to reach the
 * server is told apart, and how a write runs outside a component. Apart from ./api.ts so that the
 * offline sync (./local-sync.ts, a chunk of its own) and the dialog's writes import no reader.
 */

export const themeStateKey = (userId: string) => [themes.listThemes.path, userId] as const;

/** A failure to reach the server (network, 5xx): the browser keeps the change instead. */
export const unreachable = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

/**
 * Runs one write as a mutation of the client's mutation cache, as `useMutation` would: the theme
 * query's load makes these writes, and no component holds a hook there (nor does a toast's Undo,
 * pressed after the theme dialog has closed). `networkMode: 'always'`
 * because the load itself only runs when the query may fetch; a write it waits on must fail at
 * once (the browser's copy is then shown), not pause until the network is back.
 */
export function runWrite<TData, TVariables, TContext = unknown>(
  client: QueryClient,
  options: MutationOptions<TData, Error, TVariables, TContext>,
  variables: TVariables,
): Promise<TData> {
  return client
    .getMutationCache()
    .build(client, { networkMode: 'always', ...options })
    .execute(variables);
}
