import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { COPYRIGHT_YEAR } from '../../../shared/brand';
import { SAFETY_PAGE_PATH } from '../../../shared/safety/rules';
import { Logo } from '../../components/brand/Logo';
import { buttonClass } from '../../components/ui/button';
import { useAuthDialog } from '../../features/auth/auth-dialog-context';
import { useSession } from '../../features/auth/session';
import { readBrand } from '../../lib/brand';

/** Who the copyright line names: the operator's legal entity, else the product. */
const ownerName = () => {
  const brand = readBrand();
  return brand.legalEntity.trim() || brand.name;
};

/** Top bar and footer shared by the public pages. */
export function MarketingLayout({
  children,
  nav = 'default',
}: {
  children: ReactNode;
  /** Legal pages link to Contact, Pricing and Home, and from tablet width up to Safety. */
  nav?: 'default' | 'legal';
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar nav={nav} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}

function TopBar({ nav }: { nav: 'default' | 'legal' }) {
  const { user, isLoading } = useSession();
  const authDialog = useAuthDialog();
  // A finger's size on a phone: 44 px high (20 of text, 24 of padding).
  const link =
    'rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-muted hover:text-fg max-sm:py-3';
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-main/85 backdrop-blur">
      <nav
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4"
        aria-label="Main"
      >
        {/* Legal pages have one more link, and signed-in users the wider 'Dashboard' button: on
            phones the mark alone leaves room for them. */}
        <Logo compact={nav === 'legal' || Boolean(user)} />
        <div className="flex items-center gap-1 sm:gap-3">
          {nav === 'legal' && (
            <Link href="/" className={link}>
              Home
            </Link>
          )}
          <Link href="/contact" className={link}>
            Contact
          </Link>
          <Link href="/pricing" className={link}>
            Pricing
          </Link>
          {/* A fifth link does not fit beside the button at phone width; there the footer's
              'Safety & Crisis Protocol' link is the way to it. */}
          {nav === 'legal' && (
            <Link href={SAFETY_PAGE_PATH} className={`${link} max-sm:hidden`}>
              Safety
            </Link>
          )}
          {isLoading ? (
            <span className="h-9 w-20" aria-hidden />
          ) : user ? (
            <Link href="/chat" className={buttonClass('primary', 'sm')}>
              Dashboard
            </Link>
          ) : (
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              onClick={() => authDialog.open('signin')}
              onPointerEnter={authDialog.prefetch}
            >
              Sign in
            </button>
          )}
        </div>
      </nav>
    </header>
  );
}

function Footer() {
  const heading = 'text-xs font-semibold tracking-widest text-muted';
  // A finger's size on a phone: the rows are 44 px high there, with no gap between them.
  const link =
    'text-sm text-fg/90 hover:text-accent max-sm:inline-flex max-sm:min-h-11 max-sm:items-center';
  return (
    <footer className="border-t border-border bg-surface/80">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-muted">Create your dream fantasy. For adults 18+.</p>
        </div>
        <div>
          <h2 className={heading}>EXPLORE</h2>
          <ul className="mt-3 space-y-2 max-sm:space-y-0">
            <li>
              <Link href="/chat" className={link}>
                Dashboard
              </Link>
            </li>
            <li>
              <Link href="/pricing" className={link}>
                Pricing
              </Link>
            </li>
            <li>
              <Link href="/contact" className={link}>
                Contact Us
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className={heading}>LEGAL</h2>
          <ul className="mt-3 space-y-2 max-sm:space-y-0">
            <li>
              <Link href="/terms-and-conditions" className={link}>
                Terms &amp; Conditions
              </Link>
            </li>
            <li>
              <Link href="/privacy-policy" className={link}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href={SAFETY_PAGE_PATH} className={link}>
                Safety &amp; Crisis Protocol
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted">
        © {COPYRIGHT_YEAR} {ownerName()}. All rights reserved.
      </p>
    </footer>
  );
}
