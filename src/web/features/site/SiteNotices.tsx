import { useEffect, useState, type ComponentType } from 'react';
import type { SiteBannerProps } from './SiteBanner';
import { useSiteStatus } from './site-status';

// The banner is a chunk of its own, fetched only when there is an announcement or a pause.
// Loaded in an effect, not with React.lazy: a suspended boundary holds the page's other Suspense
// reveals back by React's 300 ms throttle (decision 0020; see themes/ThemeApplier.tsx).
type Banner = ComponentType<SiteBannerProps>;
let loadedBanner: Banner | null = null;
const loadBanner = () => import('./SiteBanner').then((m) => (loadedBanner = m.SiteBanner));

/** The operator's announcement and the maintenance notice, at the top of the signed-in app. */
export function SiteNotices() {
  const { data } = useSiteStatus();
  const shown = !!data && (data.announcement !== null || data.maintenance.enabled);
  const [SiteBanner, setSiteBanner] = useState(() => loadedBanner);
  useEffect(() => {
    if (!shown || SiteBanner) return;
    let live = true;
    loadBanner().then(
      (banner) => live && setSiteBanner(() => banner),
      () => {}, // the chunk could not load: no banner (a refused reply still says why)
    );
    return () => {
      live = false;
    };
  }, [shown, SiteBanner]);
  return shown && SiteBanner ? <SiteBanner status={data} /> : null;
}
