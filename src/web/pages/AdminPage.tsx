import { PageLoader } from '../app/PageLoader';
import { MarketingLayout } from '../app/layouts/MarketingLayout';
import { SignInPrompt } from '../features/auth/SignInPrompt';
import { useSession } from '../features/auth/session';
import { StaffConsole } from '../features/staff/console/StaffConsole';
import NotFoundPage from './NotFoundPage';

/**
 * Route /admin/<section>/<userId> — the staff console (issue 48). Only this page's chunk reaches
 * it: nothing of the console is in a user's download.
 */
export default function AdminPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader />;
  if (!user) return <SignInPrompt message="Please sign in to use the staff console." />;
  return <StaffConsole notFound={<NotFoundPage />} Frame={MarketingLayout} />;
}
