import type { DecisionAction } from '../../../../shared/reports/contract';

/** What each decision is called on the buttons and in the page's list of decisions. */
export const DECISION_LABELS: Record<DecisionAction, string> = {
  dismiss: 'Dismissed',
  'remove-message': 'Message removed',
  'remove-character': 'Character removed',
  'suspend-user': 'User suspended',
};

export const KIND_LABELS = { message: 'Message', character: 'Character' } as const;
