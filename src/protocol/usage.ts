/**
 * The product events of our usage analytics (issue 15), counted per day, never their
 * content. Zod-free: the admin page imports it as a value.
 */
export const UsageEvents = [
  'page_view',
  'sign_in',
  'message_sent',
  'image_created',
  'purchase',
] as const;
export type UsageEvent = (typeof UsageEvents)[number];
