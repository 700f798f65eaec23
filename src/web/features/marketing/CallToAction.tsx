import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';

/** 'Open Dashboard' when signed in, otherwise 'Get Started' (opens the sign-up dialog). */
export function CallToAction({
  title,
  text,
  signedInLabel = 'Open Dashboard',
}: {
  title: string;
  text: string;
  signedInLabel?: string;
}) {
  return (
    <section className="px-4 py-20" aria-labelledby="cta-title">
      <div className="mx-auto max-w-3xl rounded-3xl border border-border bg-gradient-to-br from-accent-strong/25 via-surface to-accent-2/20 p-10 text-center shadow-2xl">
        <h2 id="cta-title" className="text-3xl font-bold sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-muted">{text}</p>
        <div className="mt-8 flex justify-center">
          <PrimaryAction signedInLabel={signedInLabel} signedOutLabel="Get Started" />
        </div>
      </div>
    </section>
  );
}

export function PrimaryAction({
  signedInLabel,
  signedOutLabel,
}: {
  signedInLabel: string;
  signedOutLabel: string;
}) {
  const { user, isLoading } = useSession();
  const authDialog = useAuthDialog();
  if (isLoading) return <span className="h-12 w-40" aria-hidden />;
  if (user) {
    return (
      <Link href="/chat" className={buttonClass('primary', 'lg')}>
        {signedInLabel}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={buttonClass('primary', 'lg')}
      onClick={() => authDialog.open('signup')}
      onPointerEnter={authDialog.prefetch}
    >
      {signedOutLabel}
    </button>
  );
}
