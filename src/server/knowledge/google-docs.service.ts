import { ErrorCode } from '../../protocol/errors.ts';
import type { Deps } from '../deps.ts';
import type { AppError } from '../errors.ts';
import { refusal } from '../errors.ts';
import { hashToken, newToken } from '../infra/secrets.ts';
import { msg } from '../wording.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { requireFileScope } from './file-scope.ts';
import { GoogleDocsError, type GoogleDoc, type GoogleTokens } from './google-docs.client.ts';
import type { KnowledgeService } from './knowledge.service.ts';

/** How long the user has to finish Google's consent screen. */
const STATE_TTL_MS = 15 * 60_000;
/** Spec §5: a link shorter than this is not a link. */
const MIN_LINK = 10;

/** The document id in a Docs link (…/document/d/<id>/edit…), or a bare id. */
export function docIdFrom(link: string): string | null {
  const m = /\/document\/(?:u\/\d+\/)?d\/([A-Za-z0-9_-]{10,})/.exec(link);
  if (m) return m[1]!;
  return /^[A-Za-z0-9_-]{25,}$/.test(link.trim()) ? link.trim() : null;
}

export interface ReadDocInput {
  friend: string;
  subject?: string | undefined;
  doc_url: string;
}

export function googleDocsService(
  deps: Pick<Deps, 'clock' | 'googleDocs'>,
  repos: Pick<Repos, 'friends' | 'google'>,
  knowledge: Pick<KnowledgeService, 'importText'>,
) {
  const port = deps.googleDocs;
  const { google: repo, friends } = repos;
  const now = () => deps.clock.now();

  const readFailed = (err: unknown, authorized: boolean): AppError => {
    if (err instanceof GoogleDocsError && err.kind === 'network') {
      return refusal(ErrorCode.UPSTREAM, 'gdocUpstream');
    }
    if (err instanceof GoogleDocsError && err.kind === 'toolong') {
      return refusal(ErrorCode.BAD_INPUT, 'uploadTooLarge', { max: '12' });
    }
    const key = authorized
      ? 'gdocReadError'
      : port.oauthConfigured
        ? 'gdocReadErrorHint'
        : 'gdocReadErrorPublic';
    return refusal(ErrorCode.NOT_FOUND, key);
  };

  /** With the user's tokens when they have some (refreshed ones are kept); else the public export. */
  async function read(userId: number, docId: string): Promise<GoogleDoc> {
    const tokens = port.oauthConfigured ? await repo.tokens(userId) : undefined;
    if (tokens) {
      try {
        const r = await port.readWithTokens(tokens, docId);
        if (r.tokens) await repo.saveTokens(userId, r.tokens, now());
        return r.doc;
      } catch (err) {
        if (!(err instanceof GoogleDocsError) || err.kind === 'network' || err.kind === 'toolong') {
          throw readFailed(err, true);
        }
        // Not shared with this account: it may still be public.
      }
    }
    try {
      return await port.readPublic(docId);
    } catch (err) {
      throw readFailed(err, !!tokens);
    }
  }

  return {
    async createAuthUrl(ctx: Ctx) {
      const me = requireUser(ctx);
      if (!port.oauthConfigured) {
        throw refusal(ErrorCode.NOT_CONFIGURED, 'gdocNotConfigured');
      }
      const state = newToken();
      await repo.saveState(
        hashToken(state),
        me.id,
        new Date(now().getTime() + STATE_TTL_MS),
        now(),
      );
      return { auth_url: await port.authUrl(state) };
    },

    async checkAuth(ctx: Ctx) {
      const me = requireUser(ctx);
      if (!port.oauthConfigured) return { authorized: 0 as const, configured: 0 as const };
      const t = await repo.tokens(me.id);
      return { authorized: t && (t.accessToken || t.refreshToken) ? 1 : 0, configured: 1 as const };
    },

    /** Google's redirect back: the state names the user; the code becomes their tokens. */
    async callback(code: string, state: string, ctx: Ctx): Promise<boolean> {
      if (!port.oauthConfigured || !code || !state) return false;
      const userId = await repo.consumeState(hashToken(state), now());
      if (userId === undefined) return false;
      let tokens: GoogleTokens;
      try {
        tokens = await port.exchangeCode(code);
      } catch (err) {
        ctx.log.warn({ err: (err as Error).message }, 'google code exchange failed');
        return false;
      }
      const prev = await repo.tokens(userId);
      await repo.saveTokens(
        userId,
        { ...tokens, refreshToken: tokens.refreshToken ?? prev?.refreshToken ?? null },
        now(),
      );
      return true;
    },

    /** Imports the document into the character's knowledge under `subject` (its title when empty). */
    async readDoc(input: ReadDocInput, ctx: Ctx) {
      const me = requireUser(ctx);
      const lang = ctx.lang;
      const link = input.doc_url.trim();
      if (link.length < MIN_LINK) throw refusal(ErrorCode.BAD_INPUT, 'gdocBadLink');
      const docId = docIdFrom(link);
      if (!docId) throw refusal(ErrorCode.BAD_INPUT, 'gdocBadLink');
      // A document becomes a knowledge subject, which is the character's (editors only).
      // A user of a helper who is not its editor has personal files there, not subjects.
      const { friend, personal } = await requireFileScope(friends, input.friend, me);
      if (personal) throw refusal(ErrorCode.FORBIDDEN, 'gdocPersonalRefused');

      const doc = await read(me.id, docId);
      const text = doc.text.replace(/\r\n?/g, '\n').trim();
      if (!text) throw refusal(ErrorCode.NOT_FOUND, 'gdocReadError');
      const subject = (input.subject?.trim() || doc.title.trim() || 'Google Docs').slice(0, 300);
      const saved = await knowledge.importText(friend.id, {
        subject,
        contents: text,
        sourceRef: docId,
        userId: me.id,
      });
      return {
        num: saved.num,
        subject: saved.subject,
        chars: text.length,
        message: msg('gdocReadOk', lang),
      };
    },
  };
}
