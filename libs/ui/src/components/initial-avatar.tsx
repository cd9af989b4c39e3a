import Avatar from '@mui/material/Avatar';

export interface InitialAvatarProps {
  /** Name or email; its first letter is shown. */
  name: string;
  size?: number;
}

/** The first letter of the name, upper-cased ('?' when empty). */
export function initialOf(name: string): string {
  const first = name.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : '?';
}

/** A round avatar with the person's initial. Decorative: the name is printed beside it. */
export function InitialAvatar({ name, size = 36 }: InitialAvatarProps) {
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        fontWeight: 800,
        fontSize: size * 0.45,
      }}
    >
      {initialOf(name)}
    </Avatar>
  );
}
