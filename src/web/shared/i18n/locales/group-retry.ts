/** Texts of the group chat's retry, under `groupRetry.*` (apart from en.ts/he.ts for merges). */
export const groupRetryEn = {
  retry: 'Try again',
};

export const groupRetryHe: typeof groupRetryEn = {
  retry: 'לנסות שוב',
};
