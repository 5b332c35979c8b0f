import type { ImageEntry } from '../../protocol/actions/images.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import { formatTime } from '../../protocol/time.ts';
import { randomName } from '../infra/storage.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx, type SessionUser } from '../rpc/context.ts';
import { ImageError, normaliseImage } from './image-processing.ts';
import type { ImageRow } from './images.repo.ts';
import {
  generatedKey,
  generatedPath,
  imageNameFrom,
  INVALID_IMAGE,
  referenceOwnedBy,
} from './images.service.ts';
import { discardFiles } from '../platform/discard.ts';

export const GENERATE_QUEUE = 'image-generate';
/** What providers are asked for (every provider we support draws this size). */
const SIZE = '1024x1024';
/** Generated pictures are kept at up to this side, re-encoded as WebP. */
const GENERATED_MAX_PX = 2048;
const REFERENCE_MAX_PX = 1024;

export interface DesignerImage {
  prompt: string;
  negativePrompt?: string;
  /** The user's own words. */
  request: string;
  /** A stored reference picture's name, or ''. */
  refimg: string;
}

/**
 * Generated images (spec part 2 §3-§4): a record is made and paid for with one image credit,
 * then drawn by a durable job, so a refresh, a closed tab or a restarted server loses nothing.
 * A failed generation keeps 'Invalid image' with the reason and gives the credit back.
 */
export function generationService(deps: Deps, repos: Pick<Repos, 'images'>) {
  const repo = repos.images;

  deps.jobs.define<{ num: number }>(GENERATE_QUEUE, (job) => generate(job.num), {
    concurrency: deps.config.IMAGE_JOBS,
    // The port tries the provider twice; a job runs again only when its server stopped.
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: 180,
  });

  const notFound = () => refusal(ErrorCode.NOT_FOUND, 'imageNotFound');
  const noCredit = () => refusal(ErrorCode.FORBIDDEN, 'noImageCredit');

  function toEntry(r: ImageRow): ImageEntry {
    const loading = r.status === 'loading';
    return {
      num: r.num,
      image: loading ? '' : generatedPath(r.image),
      prompt: r.prompt,
      negative_prompt: r.negativePrompt,
      refimg: r.refimg ? generatedPath(r.refimg) : '',
      tm: formatTime(r.tm),
      gentime: r.gentime,
      loading: loading ? 1 : 0,
      ...(r.error ? { error: r.error } : {}),
      offline: r.offline ? 1 : 0,
      request: r.request,
    };
  }

  /** Creating images needs the imgedit permission (spec part 2 §6). */
  function requireImageMaker(ctx: Ctx): SessionUser {
    const me = requireUser(ctx);
    if (!me.imgedit) throw refusal(ErrorCode.FORBIDDEN, 'noImagePermission');
    return me;
  }

  async function own(me: SessionUser, num: number): Promise<ImageRow> {
    const row = await repo.byNum(num);
    if (!row || row.owner !== me.id) throw notFound();
    return row;
  }

  /** The job: draws record `num` once (a rerun after a crash finds it done and stops). */
  async function generate(num: number): Promise<void> {
    const row = await repo.byNum(num);
    if (!row || row.status !== 'loading') return;
    const started = performance.now();
    const seconds = () => Math.max(0, Math.round((performance.now() - started) / 1000));
    let ok = false;
    try {
      const reference =
        row.refimg && acceptsReference(deps.media.images.describe().model ?? '')
          ? ((await deps.storage.get(generatedKey(row.refimg))) ?? undefined)
          : undefined;
      // No provider we reach takes a negative prompt of its own: it goes into the text.
      const prompt = row.negativePrompt
        ? `${row.prompt}\n\nAvoid: ${row.negativePrompt}`
        : row.prompt;
      const out = await deps.media.images.generate({
        prompt,
        size: SIZE,
        userId: row.owner,
        ...(reference ? { reference } : {}),
      });
      const webp = await normaliseImage(out.image, GENERATED_MAX_PX);
      const name = `g_${randomName()}.webp`;
      await deps.storage.put(generatedKey(name), webp, { contentType: 'image/webp' });
      const done = await repo.finish(num, {
        image: name,
        gentime: seconds(),
        offline: out.offline,
      });
      // Deleted while it was drawn: the picture has no record to belong to.
      if (!done) await discardFiles(deps, [generatedKey(name)], 'an image deleted while drawn');
      ok = !!done;
      if (!done) return;
    } catch (err) {
      const reason = failureReason(err);
      deps.log.warn({ err, image: num }, 'image generation failed');
      const failed = await repo.fail(num, {
        image: INVALID_IMAGE,
        error: reason,
        gentime: seconds(),
      });
      if (!failed) return;
    }
    deps.domain.emit('image.created', {
      userId: row.owner,
      imageNum: num,
      ok,
      at: deps.clock.now().toISOString(),
    });
  }

  /** Stores a pasted reference picture (re-encoded) under a name only its owner may load. */
  async function storeReference(me: SessionUser, dataUrl: string): Promise<string> {
    const data = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    let webp: Buffer;
    try {
      webp = await normaliseImage(data, REFERENCE_MAX_PX);
    } catch (err) {
      if (!(err instanceof ImageError)) throw err;
      throw refusal(ErrorCode.BAD_INPUT, err.reason === 'type' ? 'imageBadType' : 'imageCorrupt');
    }
    const name = `r_${me.id}_${randomName()}.webp`;
    await deps.storage.put(generatedKey(name), webp, { contentType: 'image/webp' });
    return name;
  }

  /** A reference given by path: one of the caller's own stored pictures, or refused. */
  async function ownReference(me: SessionUser, path: string): Promise<string> {
    const name = imageNameFrom(path);
    if (name && (referenceOwnedBy(name, me.id) || (await repo.byOwnerAndName(me.id, name))))
      return name;
    throw notFound();
  }

  async function start(row: ImageRow) {
    await deps.jobs.send(GENERATE_QUEUE, { num: row.num }, { singletonKey: `image:${row.num}` });
  }

  /** A new paid record, generating; null when the owner has no credit left. */
  async function create(owner: number, d: DesignerImage): Promise<ImageRow | null> {
    const row = await repo.createPaid({
      owner,
      prompt: d.prompt,
      negativePrompt: d.negativePrompt ?? '',
      request: d.request,
      refimg: d.refimg,
    });
    if (row) await start(row);
    return row;
  }

  return {
    toEntry,
    requireImageMaker,
    storeReference,
    create,
    /** Runs a generation now (bench). */
    generate,

    async getAllImages(input: ParsedInput<'GetAllImages'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const limit = input.limit ?? 10_000;
      const rows = await repo.listByOwner(me.id, { before: input.before, limit: limit + 1 });
      const credits = await repo.credits(me.id);
      return {
        images: rows.slice(0, limit).map(toEntry),
        more: rows.length > limit ? (1 as const) : (0 as const),
        imgcredit: credits.imgcredit,
        imgcreated: credits.imgcreated,
        offline: deps.media.images.describe().offline ? (1 as const) : (0 as const),
      };
    },

    async getImage(input: ParsedInput<'GetImage'>, ctx: Ctx) {
      const me = requireUser(ctx);
      return { image: toEntry(await own(me, input.num)) };
    },

    async generateImage(input: ParsedInput<'GenerateImage'>, ctx: Ctx) {
      const me = requireImageMaker(ctx);
      const row = await own(me, input.num);
      if (row.image !== INVALID_IMAGE) {
        // Loading (its job runs) or drawn: asking again changes nothing and costs nothing.
        if (row.status === 'loading') await start(row);
        return { image: toEntry(row) };
      }
      const again = await repo.retryPaid(row.num, me.id, INVALID_IMAGE);
      if (!again) throw noCredit();
      await start(again);
      return { image: toEntry(again) };
    },

    async recreateImage(input: ParsedInput<'RecreateImage'>, ctx: Ctx) {
      const me = requireImageMaker(ctx);
      if ((await repo.credits(me.id)).imgcredit < 1) throw noCredit();
      const img = input.img ?? '';
      const refimg = !img
        ? ''
        : img.startsWith('data:')
          ? await storeReference(me, img)
          : await ownReference(me, img);
      const row = await create(me.id, {
        prompt: input.prompt,
        negativePrompt: input.negative_prompt ?? '',
        request: input.prompt,
        refimg,
      });
      if (!row) throw noCredit();
      return { num: row.num, image: toEntry(row) };
    },

    async deleteImage(input: ParsedInput<'DeleteImage'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const row = await own(me, input.num);
      await repo.remove(row.num);
      if (row.image && row.image !== INVALID_IMAGE)
        await discardFiles(deps, [generatedKey(row.image)], 'a deleted image');
      return {};
    },
  };
}

/** DALL·E 3 and Imagen draw from text only; the others (and the offline one) take a picture too. */
export function acceptsReference(model: string): boolean {
  return !/^(dall-e-3|imagen)/.test(model);
}

/** Why a provider refused or failed, short enough to show under the picture. */
function failureReason(err: unknown): string {
  const e = err as { message?: string; responseBody?: string; lastError?: unknown };
  const inner = (e.lastError as { message?: string } | undefined)?.message;
  const text = (inner ?? e.message ?? String(err)).replace(/\s+/g, ' ').trim();
  return text.slice(0, 300) || 'unknown error';
}

export type GenerationService = ReturnType<typeof generationService>;
