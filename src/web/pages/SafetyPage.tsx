import { CrisisServices } from '../features/legal/CrisisServices';
import { LegalPage } from '../features/legal/LegalPage';
import { safetyResourcesQuery, useSafetyFacts } from '../features/legal/safety-api';
import { safetyDocument } from '../features/legal/safety-content';
import { queryClient } from '../lib/query-client';

/**
 * Read by the app before a first load's render (see app/pages.tsx): the page then opens with the
 * operator's crisis services rather than swapping the defaults for them a moment later.
 */
export const firstReads = () => queryClient.prefetchQuery(safetyResourcesQuery);

/** The published crisis protocol (CA SB 243): the services first, then what the app does. */
export default function SafetyPage() {
  const facts = useSafetyFacts();
  return (
    <LegalPage
      document={safetyDocument(facts)}
      lead={<CrisisServices resources={facts.resources} />}
    />
  );
}
