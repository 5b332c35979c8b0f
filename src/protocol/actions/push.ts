import { z } from 'zod';
import { defineAction } from '../action.ts';
import { Flag, IdentityEmail, Rule } from '../fields.ts';

/** A browser's Web Push subscription, as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionJson = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, base64url (65 bytes). */
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/)
      .max(100),
    /** The 16-byte authentication secret, base64url. */
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/)
      .max(30),
  }),
});

/** A random id the browser keeps for itself (not a fingerprint). */
export const Udid = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, Rule.token);

export const pushActions = {
  /**
   * Spec part 1 §7 (push registration payload: action, token, email, udid). `token` is the
   * Web Push subscription as JSON text; an empty token removes this device's subscription
   * (sign-out, notifications turned off).
   */
  UpdateFCMToken: defineAction({
    input: z.object({
      token: z.union([z.literal(''), z.string().max(4000)]),
      email: IdentityEmail,
      udid: Udid,
    }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /**
   * Ours: which notifications the user wants (each sent flag is saved), the server's VAPID
   * public key to subscribe with, and how many devices are subscribed.
   */
  GetSetPushSettings: defineAction({
    input: z.object({
      email: IdentityEmail,
      turn: Flag.optional(),
      image: Flag.optional(),
      shared: Flag.optional(),
    }),
    output: z.object({
      turn: z.number().int(),
      image: z.number().int(),
      shared: z.number().int(),
      devices: z.number().int(),
      vapidkey: z.string(),
    }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
};
