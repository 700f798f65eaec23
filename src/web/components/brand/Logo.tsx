import { Link } from 'wouter';
import { APP_NAME } from '../../../shared/brand';

export function Logo({ href = '/' }: { href?: string }) {
  return (
    <Link href={href} className="flex items-center gap-2 text-lg font-bold tracking-tight text-fg">
      <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
      <span>{APP_NAME}</span>
    </Link>
  );
}
