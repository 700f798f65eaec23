import { Link } from 'wouter';
import { readBrand } from '../../lib/brand';

/**
 * The product's mark with its name beside it: the operator's uploaded logo when there is one
 * (its alt text the name, which it then stands for), else the built-in mark and the name.
 */
export function BrandMark({ size, nameClass }: { size: MarkSize; nameClass?: string }) {
  const brand = readBrand();
  const [mark, logo] = SIZES[size];
  if (brand.logoUrl) {
    return (
      <img
        src={brand.logoUrl}
        alt={brand.name}
        height={size}
        className={`${logo} w-auto max-w-48 object-contain`}
      />
    );
  }
  return (
    <>
      <img src="/logo.svg" alt="" width={size} height={size} className={mark} />
      <span className={nameClass}>{brand.name}</span>
    </>
  );
}

/** The mark's height in pixels, and its classes: the built-in square, an uploaded logo. */
const SIZES = { 28: ['size-7', 'h-7'], 32: ['size-8', 'h-8'], 40: ['size-10', 'h-10'] } as const;
type MarkSize = keyof typeof SIZES;

/** The mark and the name; `compact` keeps only the mark on phones (the name stays for readers). */
export function Logo({ href = '/', compact = false }: { href?: string; compact?: boolean }) {
  return (
    <Link
      href={href}
      className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight text-fg max-sm:min-h-11 max-sm:min-w-11"
    >
      <BrandMark size={32} nameClass={compact ? 'max-sm:sr-only' : undefined} />
    </Link>
  );
}
