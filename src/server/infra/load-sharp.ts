/**
 * sharp and its libvips, loaded at the first picture rather than at start: an idle server,
 * and most requests, never touch one.
 */
export const loadSharp = async () => (await import('sharp')).default;
