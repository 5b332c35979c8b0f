import { VOICE_PATHS } from './voice-constants.ts';

/**
 * The paths of the direct endpoints (spec part 1 §7 "Direct calls"): not actions of `POST /api`.
 * Zod-free, so server and browser import the same paths (their formats are in direct.ts).
 * Non-GET requests authenticate like /api: the session cookie plus the `X-XSRF-TOKEN`
 * header, or `Authorization: Bearer`.
 */
export const DirectPaths = {
  /** GET: `PublicConfig` (src/protocol/public-config.ts); also sets the XSRF cookie. */
  config: '/api/config',
  /**
   * Knowledge file upload, multipart: `file` (txt, md, html, pdf, docx, epub), `friend` (id),
   * optional `user` (the caller's e-mail, checked), `subject`, `friendtype` (ignored), `lang`.
   * Answers text/plain: `OK <num>` on success (num = the new file's number), else the
   * reason in the caller's language (HTTP 400, 401, 403, 404, 413, 429).
   */
  upload: '/api/upload',
  /**
   * Character image upload, multipart: `file` (png, jpeg, webp or gif), optional `friend`
   * (a character the caller edits; without it the caller needs canadd). Answers text/plain
   * `OK <path>` (the stored image's public path, e.g. /files/images/c_….webp), else the reason.
   */
  uploadImage: '/api/upload-image',
  /** Google Docs import, JSON body: see GoogleDocsRequest and the answers below. */
  googleDocs: '/api/google-docs',
  /** Where Google sends the user back after authorising (an HTML page: "you can close this tab"). */
  googleDocsCallback: '/api/google-docs/callback',
  /**
   * GET ?imagename=<name>: an image file (attachment). Character images for anyone; a
   * generated image for its owner only (cookie or bearer). 404 otherwise.
   */
  download: '/api/download',
  /** GET /files/images/<name>: character images, public and cached for good. */
  publicImages: '/files/images/',
  /**
   * Speech to text, multipart: the recording in `audio` (webm named speech.webm, or ogg, mp4,
   * wav, mp3), optional `lang`. Answers JSON `TranscribeAnswer` `{Error, text}`.
   */
  transcribe: VOICE_PATHS.transcribe,
  /** Text to speech, JSON `SpeechInput` (src/protocol/voice.ts); answers the audio bytes. */
  speech: VOICE_PATHS.speech,
  /** GET: `VoiceStatus`, whether speech is offline and transcription configured. */
  voiceStatus: VOICE_PATHS.voiceStatus,
  /** Payments (spec part 2 §7), JSON: see PaymentRequest. */
  payment: '/api/payment',
  /** The payment provider's signed notifications (Stripe's webhook). */
  paymentWebhook: '/api/payment/webhook',
  /** GET ?order=&key=: the sandbox's payment page (inside the buy screen's frame). */
  paymentSandbox: '/api/payment/sandbox',
  /** POST (form from that page): the buyer's choice, success, cancel or failure. */
  paymentSandboxConfirm: '/api/payment/sandbox/confirm',
  /** GET ?order=: the invoice page of a paid order of the caller's (sandbox invoices). */
  paymentInvoice: '/api/payment/invoice',
  /** GET ?order=: Stripe's embedded Checkout for the caller's order (inside the buy frame). */
  paymentCheckout: '/api/payment/checkout',
  /** GET ?order=: where Stripe's Checkout returns; takes the whole window to /buy/{order}. */
  paymentReturn: '/api/payment/return',
  /** GET: the script of those two pages (no inline script anywhere). */
  paymentScript: '/api/payment/checkout.js',
  /** Character Card import (POST, multipart `file`) and export (GET): see card.ts. */
  card: '/api/card',
  /** GET: the process answers `{ok: true}` (liveness). */
  health: '/api/health',
  /** GET: the database answers and has every migration (readiness); 503 otherwise. */
  ready: '/api/ready',
  /** GET: the API's OpenAPI 3.1 description, generated from the registry. */
  schema: '/api/schema',
} as const;

/** The actions' endpoint: `POST` `{action, ...fields}` (the registry of actions). */
export const ActionsPath = '/api';
/**
 * One action per path: `POST /api/rpc/{Action}` with the action's fields as the JSON body (no
 * `action` field). The same dispatcher as `POST /api`; only the HTTP status differs: every
 * refusal answers 4xx or 5xx (`rpcStatus` in the server's dispatcher), a success 200.
 */
export const RpcPath = '/api/rpc';
export const rpcPath = (action: string) => `${RpcPath}/${action}`;
/**
 * The admin CLI's loopback endpoint while the server runs (only with the admin endpoint on):
 * refused unless from 127.0.0.1 with the random key the server wrote to DATA_DIR. Not a
 * direct endpoint of the API: no session reaches it.
 */
export const AdminPath = '/api/admin';
/**
 * The same endpoint's database image (POST, embedded database only): `npm run admin -- backup`
 * while the server runs, since only the server may open the embedded database then.
 */
export const AdminDumpPath = '/api/admin/dump';

/**
 * Prometheus metrics (text format): loopback requests no proxy forwarded, or a bearer of
 * METRICS_TOKEN; anyone else gets 404. An operator's endpoint, not the API's: no session
 * reaches it (src/server/ops/metrics-http.ts).
 */
export const MetricsPath = '/metrics';

/** Third-party identity sign-in (spec part 1 §7): JSON `{idToken, lang}`. */
export const GoogleSignInPath = '/api/auth/google';
