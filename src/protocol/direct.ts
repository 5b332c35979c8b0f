import { z } from 'zod';
import type { Access, IdentityField } from './access.ts';
import { FriendId, IdentityEmail } from './fields.ts';
import { DirectPaths, GoogleSignInPath } from './paths.ts';

export { DirectPaths, GoogleSignInPath };

/** A direct endpoint as the generated security tests see it (like an action's registry entry). */
export interface DirectEndpointDef {
  method: 'GET' | 'POST';
  path: string;
  /** How the input arrives. */
  body: 'multipart' | 'json' | 'query' | 'path' | 'form';
  access: Access;
  /** The input field that names the caller (refused when not theirs), if any. */
  identity: IdentityField;
  /** Changes data or files (a refusal must leave both as they were). */
  mutates: boolean;
}

/**
 * Every direct endpoint with its access level; a new one needs its samples in the tests,
 * and a route the app serves that is missing here fails them (direct-security.test.ts).
 */
export const directEndpoints = {
  /** Public: what every page needs before sign-in (and the XSRF cookie). */
  config: {
    method: 'GET',
    path: DirectPaths.config,
    body: 'query',
    access: 'public',
    identity: null,
    mutates: false,
  },
  /** Public probes for the process manager and the load balancer. */
  health: {
    method: 'GET',
    path: DirectPaths.health,
    body: 'query',
    access: 'public',
    identity: null,
    mutates: false,
  },
  ready: {
    method: 'GET',
    path: DirectPaths.ready,
    body: 'query',
    access: 'public',
    identity: null,
    mutates: false,
  },
  /** Public: the API's description (it holds no data). */
  schema: {
    method: 'GET',
    path: DirectPaths.schema,
    body: 'query',
    access: 'public',
    identity: null,
    mutates: false,
  },
  upload: {
    method: 'POST',
    path: DirectPaths.upload,
    body: 'multipart',
    access: 'user',
    identity: 'user',
    mutates: true,
  },
  uploadImage: {
    method: 'POST',
    path: DirectPaths.uploadImage,
    body: 'multipart',
    access: 'user',
    identity: 'user',
    mutates: true,
  },
  googleDocs: {
    method: 'POST',
    path: DirectPaths.googleDocs,
    body: 'json',
    access: 'user',
    identity: 'email',
    mutates: true,
  },
  /** Public: Google's redirect carries a one-time state naming the user. */
  googleDocsCallback: {
    method: 'GET',
    path: DirectPaths.googleDocsCallback,
    body: 'query',
    access: 'public',
    identity: null,
    mutates: true,
  },
  /** Public route; a generated image answers its owner only. */
  download: {
    method: 'GET',
    path: DirectPaths.download,
    body: 'query',
    access: 'public',
    identity: null,
    mutates: false,
  },
  publicImages: {
    method: 'GET',
    path: DirectPaths.publicImages,
    body: 'path',
    access: 'public',
    identity: null,
    mutates: false,
  },
  transcribe: {
    method: 'POST',
    path: DirectPaths.transcribe,
    body: 'multipart',
    access: 'user',
    identity: null,
    mutates: false,
  },
  /** Writes only its cache (and the Meter); a refusal writes neither. */
  speech: {
    method: 'POST',
    path: DirectPaths.speech,
    body: 'json',
    access: 'user',
    identity: 'email',
    mutates: true,
  },
  voiceStatus: {
    method: 'GET',
    path: DirectPaths.voiceStatus,
    body: 'query',
    access: 'user',
    identity: null,
    mutates: false,
  },
  googleSignIn: {
    method: 'POST',
    path: GoogleSignInPath,
    body: 'json',
    access: 'public',
    identity: null,
    mutates: true,
  },
  /** Answers the caller's own orders only. */
  payment: {
    method: 'POST',
    path: DirectPaths.payment,
    body: 'json',
    access: 'user',
    identity: 'email',
    mutates: true,
  },
  /** Public, but refused unless the provider's signature over the raw body verifies. */
  paymentWebhook: {
    method: 'POST',
    path: DirectPaths.paymentWebhook,
    body: 'json',
    access: 'public',
    identity: null,
    mutates: true,
  },
  /** The order's own buyer only (session cookie), and the order's random key. */
  paymentSandbox: {
    method: 'GET',
    path: DirectPaths.paymentSandbox,
    body: 'query',
    access: 'user',
    identity: null,
    mutates: false,
  },
  /**
   * A plain form post from the sandbox page (no XSRF header can be added to it): the order's
   * random key, known only to that page, stands in for the header.
   */
  paymentSandboxConfirm: {
    method: 'POST',
    path: DirectPaths.paymentSandboxConfirm,
    body: 'form',
    access: 'public',
    identity: null,
    mutates: true,
  },
  paymentInvoice: {
    method: 'GET',
    path: DirectPaths.paymentInvoice,
    body: 'query',
    access: 'user',
    identity: null,
    mutates: false,
  },
  paymentCheckout: {
    method: 'GET',
    path: DirectPaths.paymentCheckout,
    body: 'query',
    access: 'user',
    identity: null,
    mutates: false,
  },
  /** Public: it only names an order number and sends the window to /buy/{order}. */
  paymentReturn: {
    method: 'GET',
    path: DirectPaths.paymentReturn,
    body: 'query',
    access: 'public',
    identity: null,
    mutates: false,
  },
  paymentScript: {
    method: 'GET',
    path: DirectPaths.paymentScript,
    body: 'query',
    access: 'public',
    identity: null,
    mutates: false,
  },
  /** Needs the right to create characters; the new character is the caller's. */
  cardImport: {
    method: 'POST',
    path: DirectPaths.card,
    body: 'multipart',
    access: 'user',
    identity: 'user',
    mutates: true,
  },
  /** The character's editors only: a card carries its prompts. */
  cardExport: {
    method: 'GET',
    path: DirectPaths.card,
    body: 'query',
    access: 'user',
    identity: null,
    mutates: false,
  },
} as const satisfies Record<string, DirectEndpointDef>;

export type DirectEndpointName = keyof typeof directEndpoints;

export const GoogleDocsRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('create_auth_url'),
    email: IdentityEmail,
    lang: z.string().max(16).optional(),
  }),
  z.object({
    action: z.literal('check_auth'),
    email: IdentityEmail,
    lang: z.string().max(16).optional(),
  }),
  z.object({
    action: z.literal('read_doc'),
    email: IdentityEmail,
    friend: FriendId,
    /** The knowledge subject to import under; the document's title when empty. */
    subject: z.string().max(300).optional(),
    doc_url: z.string().max(2000),
    lang: z.string().max(16).optional(),
  }),
]);
export type GoogleDocsRequest = z.input<typeof GoogleDocsRequest>;

/** create_auth_url: open `auth_url` in a new tab, then poll check_auth (Error 13 when not configured). */
export interface CreateAuthUrlAnswer {
  Error: number;
  Errstr?: string;
  auth_url?: string;
}
/** check_auth: `authorized` 1 once the user connected; `configured` 0 when OAuth is not set up. */
export interface CheckAuthAnswer {
  Error: number;
  Errstr?: string;
  authorized?: 0 | 1;
  configured?: 0 | 1;
}
/** read_doc: the document became knowledge subject `num`; `message` is the success text. */
export interface ReadDocAnswer {
  Error: number;
  Errstr?: string;
  num?: number;
  subject?: string;
  chars?: number;
  message?: string;
}

/** The payment endpoint's body (spec part 2 §7): one of three actions. */
export const PaymentRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('getsubscriptiontypes'),
    email: IdentityEmail,
    lang: z.string().max(16).optional(),
  }),
  z.object({
    action: z.literal('orderstatus'),
    email: IdentityEmail,
    order: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
    lang: z.string().max(16).optional(),
  }),
  z.object({
    action: z.literal('pay'),
    email: IdentityEmail,
    type: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
    lang: z.string().max(16).optional(),
  }),
]);
export type PaymentRequest = z.input<typeof PaymentRequest>;

/** orderstatus: `status` 1 or more counts as paid; `paymentref` empty when never paid. */
export interface OrderStatusAnswer {
  Error: number;
  Errstr?: string;
  order?: number;
  status?: number;
  paymentref?: string;
  invoice?: string;
  invurl?: string;
  item?: string;
  price?: number;
}
/** pay: `url` is the page for the payment frame; `order` the order made for it. */
export interface PayAnswer {
  Error: number;
  Errstr?: string;
  url?: string;
  order?: number;
  sandbox?: number;
}
