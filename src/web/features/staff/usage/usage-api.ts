import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getUsage } from '../../../../shared/staff/usage-endpoints';
import { call } from '../../../lib/api';
import type { DayRange } from './range';

/** The usage report for a range of days (both ends included), kept per range. */
export const useUsage = (range: DayRange) =>
  useQuery({
    queryKey: [getUsage.path, range.from, range.to],
    queryFn: () => call(getUsage, { query: { from: range.from, to: range.to } }),
    placeholderData: keepPreviousData,
  });
