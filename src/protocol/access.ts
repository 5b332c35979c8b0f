/**
 * Who may call an action. The dispatcher enforces the level; services re-check ownership
 * of the particular item on their first line.
 * - public: anyone, signed in or not
 * - user: any signed-in user
 * - globalpriv: users with the global privilege flag
 * - admin: usertype admin (0)
 */
export type Access = 'public' | 'user' | 'globalpriv' | 'admin';

/**
 * Which body field names the caller (spec payloads echo it). A value that is not the
 * caller's own is refused unless the caller is an admin. `null`: no such field.
 */
export type IdentityField = 'email' | 'user' | null;
