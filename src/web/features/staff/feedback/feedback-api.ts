import { listFeedback } from '../../../../shared/reports/endpoints';
import { call } from '../../../lib/api';
import { useStaffQuery } from '../console/access';

export type RatingFilter = 'up' | 'down' | 'all';

export const useFeedback = (rating: RatingFilter) =>
  useStaffQuery(['feedback', rating], () =>
    call(listFeedback, { query: { rating: rating === 'all' ? undefined : rating } }),
  );
