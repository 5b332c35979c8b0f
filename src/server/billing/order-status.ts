/**
 * An order's `status`: waiting for its payment, paid, or closed unpaid. Its own module, so
 * that the service reads it without importing the repository (services get theirs given).
 */
export const OrderStatus = { waiting: 0, paid: 1, cancelled: -1, failed: -2 } as const;
