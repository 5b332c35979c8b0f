import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import { requireFriend } from '../friends/friend-access.ts';
import { randomName, type StoredStream } from '../infra/storage.ts';
import { uploadAllowed } from '../infra/upload-limit.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx, type SessionUser } from '../rpc/context.ts';
import { ImageError, normaliseImage } from './image-processing.ts';
import type { ImageRow } from './images.repo.ts';
import { discardFiles } from '../platform/discard.ts';

/** A stored image's file name (what `images.image` and download's `imagename` hold). */
const NAME = /^[A-Za-z0-9_-]{1,80}\.(webp|png|jpe?g|gif)$/;
/** Marks a failed generation (spec part 2 §3). */
export const INVALID_IMAGE = 'Invalid image';
export const PUBLIC_IMAGES = '/files/images/';
export const DOWNLOAD_PATH = '/api/download';

const MIME: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** The name inside what a client sends: a bare name, /files/images/<name> or /api/download?imagename=<name>. */
export function imageNameFrom(img: string): string | null {
  let name = img.trim();
  const q = name.indexOf('imagename=');
  if (q >= 0) name = new URLSearchParams(name.slice(name.indexOf('?') + 1)).get('imagename') ?? '';
  else name = name.slice(name.lastIndexOf('/') + 1);
  return NAME.test(name) ? name : null;
}

/** Where the browser loads a generated image from (owner only, see `download`). */
export function generatedPath(name: string): string {
  if (!name || name === INVALID_IMAGE) return name;
  return `${DOWNLOAD_PATH}?imagename=${encodeURIComponent(name)}`;
}

/**
 * How long a presigned download address lives. The redirect to it is cached for less
 * (see images.routes.ts), so a browser never follows a cached redirect to a dead address.
 */
export const DOWNLOAD_URL_TTL = 15 * 60;

/** A download: a presigned address to redirect to, or the bytes to stream. */
export type Download =
  { url: string; name: string } | { stream: StoredStream; type: string; name: string };

const typeOf = (name: string) => MIME[name.slice(name.lastIndexOf('.') + 1).toLowerCase()]!;

export const generatedKey = (name: string) => `generated/${name}`;

/** A pasted reference picture is named for its owner (`r_<user id>_<random>`): only they load it. */
export const referenceOwnedBy = (name: string, userId: number) => name.startsWith(`r_${userId}_`);
const characterKey = (name: string) => `images/${name}`;

export function imagesService(deps: Deps, repos: Pick<Repos, 'friends' | 'images'>) {
  const { images: repo, friends } = repos;
  const maxBytes = Math.floor(deps.config.IMAGE_MAX_MB * 1024 * 1024);

  const notFound = () => refusal(ErrorCode.NOT_FOUND, 'imageNotFound');

  async function ownGenerated(me: SessionUser, img: string): Promise<ImageRow> {
    const name = imageNameFrom(img);
    const row = name ? await repo.byOwnerAndName(me.id, name) : undefined;
    if (!row) throw notFound();
    return row;
  }

  /** Re-encodes and stores a character image; answers its public path. */
  async function storeCharacterImage(data: Buffer): Promise<string> {
    let webp: Buffer;
    try {
      webp = await normaliseImage(data, deps.config.IMAGE_MAX_PX);
    } catch (err) {
      if (!(err instanceof ImageError)) throw err;
      throw refusal(ErrorCode.BAD_INPUT, err.reason === 'type' ? 'imageBadType' : 'imageCorrupt');
    }
    const name = `c_${randomName()}.webp`;
    await deps.storage.put(characterKey(name), webp, { contentType: 'image/webp' });
    return `${PUBLIC_IMAGES}${name}`;
  }

  return {
    maxBytes,

    /** One of the caller's generated images becomes a (public) character image. */
    async copyGeneratedImage(input: ParsedInput<'CopyGeneratedImage'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const row = await ownGenerated(me, input.img);
      const data = await deps.storage.get(generatedKey(row.image));
      if (!data) throw notFound();
      return { image: await storeCharacterImage(data) };
    },

    async deleteImageFromServer(input: ParsedInput<'DeleteImageFromServer'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const row = await ownGenerated(me, input.img);
      await repo.remove(row.num);
      await discardFiles(deps, [generatedKey(row.image)], 'a deleted image');
      return {};
    },

    /**
     * A new character image from an upload: for a character the caller edits (`friendid`),
     * or, without one, for a character about to be created (needs canadd).
     */
    async uploadCharacterImage(up: { data: Buffer; friendid?: string | undefined }, ctx: Ctx) {
      const me = requireUser(ctx);
      if (up.friendid) await requireFriend(friends, up.friendid, me, 'edit');
      else if (!me.canadd && !me.globalpriv) {
        throw refusal(ErrorCode.FORBIDDEN, 'noAddPermission');
      }
      await uploadAllowed(deps, me.id);
      if (up.data.length === 0) throw refusal(ErrorCode.BAD_INPUT, 'uploadEmpty');
      if (up.data.length > maxBytes) {
        throw refusal(ErrorCode.BAD_INPUT, 'imageTooLarge', {
          max: String(deps.config.IMAGE_MAX_MB),
        });
      }
      return { image: await storeCharacterImage(up.data) };
    },

    /**
     * What answers `imagename`: a generated image for its owner (a presigned address when
     * the store has them, else its bytes as a stream), a character image for anyone (a
     * stream). Null when there is none the caller may have.
     */
    async download(imagename: string, user: SessionUser | null): Promise<Download | null> {
      const name = imageNameFrom(imagename);
      if (!name || name !== imagename) return null;
      const type = typeOf(name);
      // A row of the caller's own is cheaper to find than an object, and says it exists.
      if (user && (referenceOwnedBy(name, user.id) || (await repo.byOwnerAndName(user.id, name)))) {
        const key = generatedKey(name);
        const url = await deps.storage.url(key, DOWNLOAD_URL_TTL, {
          download: name,
          contentType: type,
        });
        if (url) return { url, name };
        const own = await deps.storage.stream(key);
        return own ? { stream: own, type, name } : null;
      }
      const pub = await deps.storage.stream(characterKey(name));
      return pub ? { stream: pub, type, name } : null;
    },

    /** The bytes of a character image by its public path (`/files/images/<name>`), or null. */
    async characterImageBytes(path: string): Promise<{ data: Buffer; type: string } | null> {
      if (!path.startsWith(PUBLIC_IMAGES)) return null;
      const name = path.slice(PUBLIC_IMAGES.length);
      if (!NAME.test(name)) return null;
      const data = await deps.storage.get(characterKey(name));
      return data ? { data, type: typeOf(name) } : null;
    },

    /** A public character image by name (GET /files/images/<name>), as a stream. */
    async publicImage(name: string): Promise<{ stream: StoredStream; type: string } | null> {
      if (!NAME.test(name)) return null;
      const stream = await deps.storage.stream(characterKey(name));
      return stream ? { stream, type: typeOf(name) } : null;
    },
  };
}

export type ImagesService = ReturnType<typeof imagesService>;
