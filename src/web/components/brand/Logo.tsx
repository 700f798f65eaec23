import { Link } from 'wouter';
import { APP_NAME } from '../../../shared/brand';

/** The mark and the name; `compact` keeps only the mark on phones (the name stays for readers). */
export function Logo({ href = '/', compact = false }: { href?: string; compact?: boolean }) {
  return (
    <Link
      href={href}
      className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight text-fg"
    >
      <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
      <span className={compact ? 'max-sm:sr-only' : undefined}>{APP_NAME}</span>
    </Link>
  );
}
