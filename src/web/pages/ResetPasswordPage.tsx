import { useSearch } from 'wouter';
import { MarketingLayout } from '../app/layouts/MarketingLayout';
import { ResetPasswordForm } from '../features/account/ResetPasswordForm';
import { usePageTitle } from '../lib/use-page-title';

/** Route /reset-password?token=… — where a 'Forgot password?' mail's link lands. */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const search = new URLSearchParams(useSearch());
  // better-auth sends a used or expired link here with ?error=INVALID_TOKEN instead.
  const token = search.get('error') ? null : search.get('token');
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-md px-4 py-12 sm:py-16" aria-labelledby="reset-title">
        <h1 id="reset-title" className="text-3xl font-extrabold">
          Choose a new password
        </h1>
        <ResetPasswordForm token={token} />
      </section>
    </MarketingLayout>
  );
}
