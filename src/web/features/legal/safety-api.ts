import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SafetyResources } from '../../../shared/safety/contract';
import { AI_NOTICE_MAX_MINUTES, DEFAULT_CRISIS_RESOURCES } from '../../../shared/safety/rules';
import { safetyResources } from '../../../shared/safety/endpoints';
import { call } from '../../lib/api';

/** The crisis services and the "not a human" notice's interval, as the /safety page shows them. */
export interface SafetyFacts {
  resources: SafetyResources['resources'];
  aiNoticeEveryMinutes: number;
}

/** What the page says until the server answers, and when it cannot (the law's own defaults). */
export const DEFAULT_SAFETY_FACTS: SafetyFacts = {
  resources: [...DEFAULT_CRISIS_RESOURCES],
  aiNoticeEveryMinutes: AI_NOTICE_MAX_MINUTES,
};

/** The operator's list changes only with a server restart: read once per visit. */
export const safetyResourcesQuery = queryOptions({
  queryKey: [safetyResources.path] as const,
  queryFn: () => call(safetyResources),
  staleTime: Infinity,
});

/**
 * The server's crisis services, or the defaults while it has not answered, when it failed, and
 * when its answer has no usable list: someone in distress must always see a number to call.
 * (The web app does not parse answers with zod, so the shape is checked by hand here.)
 */
export function useSafetyFacts(): SafetyFacts {
  const { data } = useQuery(safetyResourcesQuery);
  const resources = Array.isArray(data?.resources) ? data.resources.filter(reachable) : [];
  const minutes = data?.aiNoticeEveryMinutes;
  return {
    resources: resources.length > 0 ? resources : DEFAULT_SAFETY_FACTS.resources,
    // The notice comes back at least every three hours; a server may only make that shorter.
    aiNoticeEveryMinutes:
      typeof minutes === 'number' && minutes > 0
        ? Math.min(minutes, AI_NOTICE_MAX_MINUTES)
        : AI_NOTICE_MAX_MINUTES,
  };
}

/** A service someone can reach from the page: a number to call or text, or a web address. */
function reachable(resource: SafetyResources['resources'][number] | null | undefined) {
  if (typeof resource?.name !== 'string' || typeof resource.url !== 'string') return false;
  return Boolean(resource.phone || resource.text || isWebAddress(resource.url));
}

/** http(s) only: the list is the operator's configuration, never trusted to be a safe link. */
export function isWebAddress(url: string) {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}
