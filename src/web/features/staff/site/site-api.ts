import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement, Maintenance, SiteSettings } from '../../../../shared/site/contract';
import * as site from '../../../../shared/site/admin-endpoints';
import { call } from '../../../lib/api';
import { useStaffQuery } from '../console/access';

export const useSiteSettings = () => useStaffQuery(['site'], () => call(site.getSiteSettings));

function useSiteWrite<V>(write: (vars: V) => Promise<SiteSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (settings) => client.setQueryData(['staff', 'site'], settings),
  });
}

export const useSetMaintenance = () =>
  useSiteWrite((body: Maintenance) => call(site.setMaintenance, { body }));

/** Sets the announcement, or takes it down (null). */
export const useSetAnnouncement = () =>
  useSiteWrite((announcement: Announcement | null) =>
    call(site.setAnnouncement, { body: { announcement } }),
  );
