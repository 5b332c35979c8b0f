import type { Credentials } from 'google-auth-library';
import type { Config } from '../config.ts';
import { MAX_TEXT_CHARS } from './extract.ts';

/** Read-only access to the documents the user opens with us. */
export const DOCS_SCOPE = 'https://www.googleapis.com/auth/documents.readonly';
const TIMEOUT_MS = 20_000;

export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string;
}

export interface GoogleDoc {
  title: string;
  text: string;
}

/** denied: not shared with the user / not public; notfound: no such document; network: no answer. */
export class GoogleDocsError extends Error {
  readonly kind: 'denied' | 'notfound' | 'network' | 'toolong';
  constructor(kind: GoogleDocsError['kind'], detail?: string) {
    super(detail ?? kind);
    this.kind = kind;
  }
}

/** What the Docs import needs from Google; the real one below, pointed at a fake in tests. */
export interface GoogleDocsPort {
  /** OAuth client id and secret are configured. */
  readonly oauthConfigured: boolean;
  authUrl(state: string): Promise<string>;
  exchangeCode(code: string): Promise<GoogleTokens>;
  /** Reads with the user's tokens; `tokens` is set when they were refreshed on the way. */
  readWithTokens(
    tokens: GoogleTokens,
    docId: string,
  ): Promise<{ doc: GoogleDoc; tokens: GoogleTokens | null }>;
  /** Reads a document shared with anyone who has the link (plain-text export, no account). */
  readPublic(docId: string): Promise<GoogleDoc>;
}

const fromCredentials = (c: Credentials, prev?: GoogleTokens): GoogleTokens => ({
  accessToken: c.access_token ?? prev?.accessToken ?? '',
  refreshToken: c.refresh_token ?? prev?.refreshToken ?? null,
  expiresAt: c.expiry_date ? new Date(c.expiry_date) : (prev?.expiresAt ?? null),
  scope: c.scope ?? prev?.scope ?? '',
});

interface DocsElement {
  paragraph?: { elements?: { textRun?: { content?: string } }[] };
  table?: { tableRows?: { tableCells?: { content?: DocsElement[] }[] }[] };
  tableOfContents?: { content?: DocsElement[] };
}

/** The text of a Docs API document: paragraphs as lines, table cells in reading order. */
export function docsText(content: DocsElement[] | undefined): string {
  let out = '';
  for (const el of content ?? []) {
    if (el.paragraph) {
      for (const e of el.paragraph.elements ?? []) out += e.textRun?.content ?? '';
    } else if (el.table) {
      for (const row of el.table.tableRows ?? []) {
        for (const cell of row.tableCells ?? []) out += `${docsText(cell.content).trim()}\n`;
        out += '\n';
      }
    } else if (el.tableOfContents) {
      out += docsText(el.tableOfContents.content);
    }
  }
  return out;
}

function statusOf(err: unknown): number | undefined {
  const e = err as { status?: number; response?: { status?: number } };
  return e.response?.status ?? e.status;
}

export function googleDocsClient(config: Config): GoogleDocsPort {
  const clientId = config.GOOGLE_OAUTH_CLIENT_ID;
  const clientSecret = config.GOOGLE_OAUTH_CLIENT_SECRET;
  const docsBase = config.GOOGLE_DOCS_API_URL.replace(/\/$/, '');
  const exportBase = config.GOOGLE_DOCS_EXPORT_URL.replace(/\/$/, '');

  // google-auth-library (~70 modules with gaxios) is loaded at the first OAuth step, not at start.
  const oauth = async () =>
    new (await import('google-auth-library')).OAuth2Client({
      clientId,
      clientSecret,
      redirectUri: config.googleOAuthRedirectUrl,
      endpoints: {
        oauth2AuthBaseUrl: config.GOOGLE_OAUTH_AUTH_URL,
        oauth2TokenUrl: config.GOOGLE_OAUTH_TOKEN_URL,
      },
    });

  return {
    oauthConfigured: !!(clientId && clientSecret),

    async authUrl(state) {
      return (await oauth()).generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        scope: [DOCS_SCOPE],
        state,
      });
    },

    async exchangeCode(code) {
      try {
        const { tokens } = await (await oauth()).getToken(code);
        return fromCredentials(tokens);
      } catch (err) {
        throw new GoogleDocsError(statusOf(err) ? 'denied' : 'network', (err as Error).message);
      }
    },

    async readWithTokens(tokens, docId) {
      const client = await oauth();
      client.setCredentials({
        access_token: tokens.accessToken || null,
        refresh_token: tokens.refreshToken,
        expiry_date: tokens.expiresAt?.getTime() ?? null,
      });
      let refreshed: GoogleTokens | null = null;
      client.on('tokens', (c) => {
        refreshed = fromCredentials(c, tokens);
      });
      try {
        const res = await client.request<{ title?: string; body?: { content?: DocsElement[] } }>({
          url: `${docsBase}/v1/documents/${encodeURIComponent(docId)}`,
          timeout: TIMEOUT_MS,
        });
        const text = docsText(res.data.body?.content);
        if (text.length > MAX_TEXT_CHARS) throw new GoogleDocsError('toolong');
        return { doc: { title: res.data.title ?? '', text }, tokens: refreshed };
      } catch (err) {
        if (err instanceof GoogleDocsError) throw err;
        const status = statusOf(err);
        if (status === 404) throw new GoogleDocsError('notfound');
        if (status === 400 || status === 401 || status === 403) {
          throw new GoogleDocsError('denied', (err as Error).message);
        }
        throw new GoogleDocsError('network', (err as Error).message);
      }
    },

    async readPublic(docId) {
      let res: Response;
      try {
        res = await fetch(
          `${exportBase}/document/d/${encodeURIComponent(docId)}/export?format=txt`,
          {
            redirect: 'manual',
            signal: AbortSignal.timeout(TIMEOUT_MS),
          },
        );
      } catch (err) {
        throw new GoogleDocsError('network', (err as Error).message);
      }
      // A private document redirects to Google's sign-in page.
      if (res.status === 404) throw new GoogleDocsError('notfound');
      if (res.status !== 200) throw new GoogleDocsError(res.status >= 500 ? 'network' : 'denied');
      if ((res.headers.get('content-type') ?? '').includes('text/html'))
        throw new GoogleDocsError('denied');
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_TEXT_CHARS * 4) throw new GoogleDocsError('toolong');
      const text = (await res.text()).replace(/^\uFEFF/, '');
      if (text.length > MAX_TEXT_CHARS) throw new GoogleDocsError('toolong');
      const title =
        text
          .split('\n')
          .find((l) => l.trim())
          ?.trim()
          .slice(0, 120) ?? '';
      return { title, text };
    },
  };
}
