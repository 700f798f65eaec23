import { Link } from 'wouter';
import { MarketingLayout } from '../app/layouts/MarketingLayout';
import { buttonClass } from '../components/ui/button';
import { useSession } from '../features/auth/session';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Any address no route knows: the spec's '404 Page Not Found' in the public pages' top bar and
 * footer, with a sentence for people instead of the spec's hint to developers ('Did you forget to
 * add the page to the router?'), and the ways back: home, and a signed-in user's chats.
 */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  const { user } = useSession();
  return (
    <MarketingLayout>
      <section
        className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28"
        aria-labelledby="not-found-title"
      >
        <h1 id="not-found-title" className="text-3xl font-extrabold sm:text-4xl">
          404 Page Not Found
        </h1>
        <p className="mt-4 text-muted">
          We could not find the page you were looking for. The link may be old, or the address may
          have a typo.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {user && (
            <Link href="/chat" className={buttonClass('primary', 'lg')}>
              Go to your chats
            </Link>
          )}
          <Link href="/" className={buttonClass(user ? 'secondary' : 'primary', 'lg')}>
            Back to home
          </Link>
          {!user && (
            <Link href="/contact" className={buttonClass('secondary', 'lg')}>
              Contact us
            </Link>
          )}
        </div>
      </section>
    </MarketingLayout>
  );
}
