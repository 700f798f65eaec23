import { Link } from 'wouter';
import { buttonClass } from '../components/ui/button';
import { usePageTitle } from '../lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-8 text-center">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-3 text-sm text-muted">Did you forget to add the page to the router?</p>
        <Link href="/" className={buttonClass('primary', 'md', 'mt-6')}>
          Back to home
        </Link>
      </div>
    </main>
  );
}
