import { AVATAR_GRADIENTS } from '../../../../shared/characters/avatar-gradients';

const SIZES = { sm: 'size-9 text-sm', md: 'size-12 text-lg', lg: 'size-24 text-3xl' } as const;

export function gradientCss(key: string): string {
  return (AVATAR_GRADIENTS.find((g) => g.key === key) ?? AVATAR_GRADIENTS[0]).css;
}

/** The character's picture, or its initial on its gradient when it has none. */
export function CharacterAvatar({
  name,
  avatarUrl,
  avatarColor,
  size = 'md',
}: {
  name: string;
  avatarUrl: string | null;
  avatarColor: string;
  size?: keyof typeof SIZES;
}) {
  const classes = `${SIZES[size]} shrink-0 rounded-full object-cover`;
  if (avatarUrl) return <img src={avatarUrl} alt="" className={classes} />;
  return (
    <span
      aria-hidden
      className={`${classes} flex items-center justify-center font-bold text-on-accent`}
      style={{ background: gradientCss(avatarColor) }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
