const SIZES = { xs: 'size-6 text-xs', sm: 'size-9 text-sm', lg: 'size-16 text-2xl' } as const;

/**
 * A persona's picture, or its initial on the accent colour (as the user menu shows the user):
 * decoration beside the name, which always says who it is.
 */
export function PersonaAvatar({
  name,
  avatarUrl,
  size = 'sm',
}: {
  name: string;
  avatarUrl: string | null;
  size?: keyof typeof SIZES;
}) {
  const classes = `${SIZES[size]} shrink-0 rounded-full object-cover`;
  if (avatarUrl) return <img src={avatarUrl} alt="" className={classes} />;
  return (
    <span
      aria-hidden
      className={`${classes} flex items-center justify-center bg-accent-strong font-bold text-on-accent`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
