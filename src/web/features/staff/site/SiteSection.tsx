import { useSession } from '../../auth/session';
import { messageOf } from '../console/access';
import { AnnouncementForm } from './AnnouncementForm';
import { MaintenanceForm } from './MaintenanceForm';
import { useSiteSettings } from './site-api';

/** The maintenance switch and the announcement banner. Admins change them. */
export function SiteSection() {
  const settings = useSiteSettings();
  const { user } = useSession();
  const readOnly = user?.role !== 'admin';
  if (settings.isPending) return <p className="text-muted">Loading the site settings...</p>;
  if (settings.isError) {
    return (
      <p role="alert" className="text-error">
        {messageOf(settings.error)}
      </p>
    );
  }
  return (
    <div className="space-y-8">
      {readOnly && <p className="text-sm text-muted">Only an admin can change these.</p>}
      <MaintenanceForm current={settings.data.maintenance} readOnly={readOnly} />
      <AnnouncementForm current={settings.data.announcement} readOnly={readOnly} />
    </div>
  );
}
