import { CardExportQuery } from '../../protocol/card.ts';
import {
  DirectPaths,
  GoogleDocsRequest,
  GoogleSignInPath,
  PaymentRequest,
} from '../../protocol/direct.ts';
import { SubscriptionType } from '../../protocol/entities.ts';
import { SpeechInput } from '../../protocol/voice.ts';
import { SPEECH_HEADERS } from '../../protocol/voice-constants.ts';
import {
  json,
  jsonSchema,
  refusalResponse,
  successFields,
  type JsonSchema,
} from './openapi-schema.ts';

/** An answer object of a direct endpoint: `Error` 0 and these fields. */
const answer = (properties: Record<string, JsonSchema>, required: string[] = []) => ({
  type: 'object',
  properties: { Error: successFields.Error, ...properties },
  required: ['Error', ...required],
});
const int = { type: 'integer' };
const str = { type: 'string' };
const flag = { type: 'integer', enum: [0, 1] };
const file = { type: 'string', contentMediaType: 'application/octet-stream' };
const lang = { type: 'string', description: 'he or en: the language of the answer' };
const text = (description: string) => ({
  description,
  content: { 'text/plain': { schema: { type: 'string' } } },
});
const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});
const multipart = (fields: Record<string, JsonSchema>, required: string[]) => ({
  required: true,
  content: { 'multipart/form-data': { schema: { type: 'object', properties: fields, required } } },
});
const query = (name: string, schema: JsonSchema, required = false) => ({
  name,
  in: 'query',
  required,
  schema,
});
/** Every refusal of a JSON direct endpoint, by status. */
const refusals = {
  '4XX': refusalResponse('refused: bad input, not signed in, not allowed, not found, too many'),
  '5XX': refusalResponse('internal error (details only in the log, under x-request-id)'),
};

/** The components the direct endpoints' operations refer to. */
export function directSchemas(): Record<string, JsonSchema> {
  return {
    GoogleDocsRequest: jsonSchema(GoogleDocsRequest, 'input'),
    GoogleDocsAnswer: {
      anyOf: [
        answer({ auth_url: str }),
        answer({ authorized: flag, configured: flag }),
        answer({ num: int, subject: str, chars: int, message: str }),
      ],
      description: 'create_auth_url: auth_url; check_auth: authorized, configured; read_doc: num…',
    },
    PaymentRequest: jsonSchema(PaymentRequest, 'input'),
    PaymentAnswer: {
      anyOf: [
        answer({ types: { type: 'array', items: jsonSchema(SubscriptionType, 'output') } }, [
          'types',
        ]),
        answer({
          order: int,
          status: { type: 'integer', description: '1 or more: paid' },
          paymentref: str,
          invoice: str,
          invurl: str,
          item: str,
          price: { type: 'integer', description: 'agorot' },
        }),
        answer({ url: str, order: int, sandbox: flag }),
      ],
      description:
        'getsubscriptiontypes: types; orderstatus: order, status…; pay: url (the payment frame), order',
    },
    SpeechRequest: jsonSchema(SpeechInput, 'input'),
    TranscribeAnswer: answer({ text: str }, ['text']),
    VoiceStatus: answer(
      {
        speech: {
          type: 'object',
          properties: { offline: { type: 'boolean' }, model: str },
          required: ['offline', 'model'],
        },
        transcription: {
          type: 'object',
          properties: { available: { type: 'boolean' }, variable: str, hint: str },
          required: ['available', 'variable'],
        },
      },
      ['speech', 'transcription'],
    ),
    CardImportAnswer: answer(
      {
        friendid: { type: 'string', description: "The new character's id" },
        lost: {
          type: 'array',
          items: str,
          description: "What of the card could not be kept, in the caller's language",
        },
      },
      ['friendid', 'lost'],
    ),
    PublicConfig: {
      type: 'object',
      properties: {
        version: str,
        googleClientId: { type: ['string', 'null'] },
        assistantHostWord: str,
        uploads: {
          type: 'object',
          properties: { fileMaxBytes: int, imageMaxBytes: int },
          required: ['fileMaxBytes', 'imageMaxBytes'],
        },
      },
      required: ['version', 'googleClientId', 'assistantHostWord', 'uploads'],
    },
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The direct endpoints (spec part 1 §7): one operation each, typed like the actions. */
export function directPaths() {
  const cardQuery = jsonSchema(CardExportQuery, 'input') as {
    properties: Record<string, JsonSchema>;
    required?: string[];
  };
  return {
    [DirectPaths.config]: {
      get: {
        operationId: 'getConfig',
        summary: 'What every page needs before sign-in; sets the XSRF-TOKEN cookie',
        security: [],
        responses: { '200': { description: 'the configuration', ...json(ref('PublicConfig')) } },
      },
    },
    [DirectPaths.upload]: {
      post: {
        operationId: 'uploadFile',
        summary: 'Upload a knowledge file (txt, md, html, pdf, docx, epub)',
        requestBody: multipart({ file, friend: str, user: str, subject: str, lang }, [
          'file',
          'friend',
        ]),
        responses: {
          '200': text('`OK <num>`: the new file'),
          '4XX': text("refused: the reason in the caller's language"),
        },
      },
    },
    [DirectPaths.uploadImage]: {
      post: {
        operationId: 'uploadImage',
        summary: 'Upload a character image (png, jpeg, webp, gif)',
        requestBody: multipart({ file, friend: str, lang }, ['file']),
        responses: {
          '200': text('`OK <path>`: the stored image'),
          '4XX': text("refused: the reason in the caller's language"),
        },
      },
    },
    [DirectPaths.card]: {
      post: {
        operationId: 'importCard',
        summary: 'Import a Character Card (V2/V3, JSON or PNG) as a new character',
        requestBody: multipart({ file, lang, user: str }, ['file']),
        responses: {
          '200': { description: 'the new character', ...json(ref('CardImportAnswer')) },
          ...refusals,
        },
      },
      get: {
        operationId: 'exportCard',
        summary: 'Export a character as a Character Card (editors only)',
        parameters: Object.entries(cardQuery.properties).map(([name, schema]) =>
          query(name, schema, cardQuery.required?.includes(name)),
        ),
        responses: {
          '200': {
            description: 'the card, as an attachment',
            content: { 'application/json': { schema: { type: 'object' } }, 'image/png': {} },
          },
          ...refusals,
        },
      },
    },
    [DirectPaths.googleDocs]: {
      post: {
        operationId: 'googleDocs',
        summary: 'Google Docs import: connect, check, read a document into knowledge',
        requestBody: { required: true, ...json(ref('GoogleDocsRequest')) },
        responses: {
          '200': { description: 'the answer', ...json(ref('GoogleDocsAnswer')) },
          ...refusals,
        },
      },
    },
    [DirectPaths.googleDocsCallback]: {
      get: {
        operationId: 'googleDocsCallback',
        summary: "Google's redirect after the user authorised (a page: you can close this tab)",
        security: [],
        parameters: [query('state', str), query('code', str), query('error', str)],
        responses: { '200': html('the page'), '400': html('the page, with the reason') },
      },
    },
    [DirectPaths.download]: {
      get: {
        operationId: 'downloadImage',
        summary: 'An image file',
        security: [],
        parameters: [query('imagename', str, true)],
        responses: {
          '200': { description: 'the image', content: { 'image/*': {} } },
          '404': text('no such image, or not yours'),
        },
      },
    },
    [`${DirectPaths.publicImages}{name}`]: {
      get: {
        operationId: 'publicImage',
        summary: 'A character image (public, cached for good)',
        security: [],
        parameters: [{ name: 'name', in: 'path', required: true, schema: str }],
        responses: { '200': { description: 'the image', content: { 'image/webp': {} } } },
      },
    },
    [DirectPaths.transcribe]: {
      post: {
        operationId: 'transcribe',
        summary: 'Speech to text: a recording (webm, ogg, mp4, wav, mp3) in `audio`',
        requestBody: multipart({ audio: file, lang }, ['audio']),
        responses: {
          '200': { description: 'the text', ...json(ref('TranscribeAnswer')) },
          '4XX': refusalResponse('refused (the answer carries `text: ""` too)'),
          '5XX': refusals['5XX'],
        },
      },
    },
    [DirectPaths.speech]: {
      post: {
        operationId: 'speech',
        summary: "Text to speech of a character's answer in the caller's conversations",
        description:
          'The text must be part of an answer the character gave the caller (found in their ' +
          "conversations with `friendid`; `messageid`, the answer's id, finds it faster), or " +
          'the request is a studio `preview` of a voice (the server speaks its own sample). ' +
          `Headers: ${SPEECH_HEADERS.offline} (1: the offline voice), ${SPEECH_HEADERS.cache} (hit, miss).`,
        requestBody: { required: true, ...json(ref('SpeechRequest')) },
        responses: {
          '200': { description: 'the audio', content: { 'audio/*': {} } },
          ...refusals,
        },
      },
    },
    [DirectPaths.voiceStatus]: {
      get: {
        operationId: 'voiceStatus',
        summary: 'Whether speech is offline and transcription configured',
        responses: {
          '200': { description: 'the status', ...json(ref('VoiceStatus')) },
          ...refusals,
        },
      },
    },
    [GoogleSignInPath]: {
      post: {
        operationId: 'googleSignIn',
        summary: "Sign in with a Google ID token (answers SendToken's session fields)",
        security: [],
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            properties: { idToken: str, lang },
            required: ['idToken'],
          }),
        },
        responses: {
          '200': {
            description: 'signed in',
            ...json(answer({ email: str, token: str, fullname: str, type: int }, ['token'])),
          },
          ...refusals,
        },
      },
    },
    [DirectPaths.payment]: {
      post: {
        operationId: 'payment',
        summary: "Payments (spec part 2 §7): subscription types, an order's status, pay",
        requestBody: { required: true, ...json(ref('PaymentRequest')) },
        responses: {
          '200': { description: 'the answer', ...json(ref('PaymentAnswer')) },
          ...refusals,
        },
      },
    },
    [DirectPaths.paymentWebhook]: {
      post: {
        operationId: 'paymentWebhook',
        summary: "The payment provider's signed notification (Stripe's webhook)",
        security: [],
        parameters: [{ name: 'stripe-signature', in: 'header', required: true, schema: str }],
        requestBody: {
          required: true,
          ...json({ type: 'object', description: "the provider's event" }),
        },
        responses: {
          '200': {
            description: 'stored (duplicate 1: this event was already received)',
            ...json(answer({ received: { const: 1 }, duplicate: flag }, ['received', 'duplicate'])),
          },
          '400': refusalResponse('the signature does not verify'),
        },
      },
    },
    [DirectPaths.paymentSandbox]: {
      get: {
        operationId: 'paymentSandboxPage',
        summary: "The sandbox's payment page (inside the buy screen's frame)",
        parameters: [query('order', int, true), query('key', str, true), query('lang', lang)],
        responses: { '200': html('the page'), '4XX': html('the page, with the reason') },
      },
    },
    [DirectPaths.paymentSandboxConfirm]: {
      post: {
        operationId: 'paymentSandboxConfirm',
        summary: "The sandbox page's form: success, cancel or failure",
        security: [],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: {
                  order: int,
                  key: str,
                  choice: { type: 'string', enum: ['success', 'cancel', 'failure'] },
                },
                required: ['order', 'key', 'choice'],
              },
            },
          },
        },
        responses: { '200': html('the result page'), '4XX': html('the page, with the reason') },
      },
    },
    [DirectPaths.paymentInvoice]: {
      get: {
        operationId: 'paymentInvoice',
        summary: "The invoice of a paid order of the caller's",
        parameters: [query('order', int, true), query('lang', lang)],
        responses: { '200': html('the invoice'), '4XX': html('the page, with the reason') },
      },
    },
    [DirectPaths.paymentCheckout]: {
      get: {
        operationId: 'paymentCheckout',
        summary: "Stripe's embedded Checkout for the caller's order",
        parameters: [query('order', int, true), query('lang', lang)],
        responses: { '200': html('the page'), '4XX': html('the page, with the reason') },
      },
    },
    [DirectPaths.paymentReturn]: {
      get: {
        operationId: 'paymentReturn',
        summary: "Where Stripe's Checkout returns: takes the window to /buy/{order}",
        security: [],
        parameters: [query('order', int, true)],
        responses: { '200': html('the page') },
      },
    },
    [DirectPaths.paymentScript]: {
      get: {
        operationId: 'paymentScript',
        summary: 'The script of the payment pages',
        security: [],
        responses: {
          '200': { description: 'the script', content: { 'text/javascript': { schema: str } } },
        },
      },
    },
  };
}
