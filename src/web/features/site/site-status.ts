import { useQuery } from '@tanstack/react-query';
import { getSiteStatus } from '../../../shared/site/endpoints';
import { call } from '../../lib/api';

/** How often a signed-in page asks again whether there is a banner or a pause. */
export const SITE_STATUS_REFRESH_MS = 5 * 60 * 1000;

/** The announcement showing now and whether replies are paused; asked once the page is open. */
export const useSiteStatus = () =>
  useQuery({
    queryKey: [getSiteStatus.path],
    queryFn: () => call(getSiteStatus),
    refetchInterval: SITE_STATUS_REFRESH_MS,
  });
