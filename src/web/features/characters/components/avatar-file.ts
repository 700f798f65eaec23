const MAX_BYTES = 5 * 1024 * 1024;
const ALLOWED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];

/**
 * What is wrong with a picture for an avatar, or null. The server checks again; this only saves
 * a pointless upload.
 */
export function avatarFileProblem(file: File): string | null {
  if (file.size > MAX_BYTES) return 'File size must be less than 5MB';
  if (!ALLOWED_TYPES.includes(file.type)) return 'Only JPEG, PNG, and WebP images are allowed';
  return null;
}
