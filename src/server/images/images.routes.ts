import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { DirectPaths } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { FriendId } from '../../protocol/fields.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { sendText } from '../http/multipart.ts';
import { sendStored } from '../http/send-stored.ts';
import { receiveUpload, requireFile } from '../http/upload.ts';
import { callerContext } from '../http/request.ts';
import { msg } from '../wording.ts';
import { pickLang } from '../rpc/dispatcher.ts';
import type { Services } from '../services.ts';
import { DOWNLOAD_URL_TTL } from './images.service.ts';

/** Character image upload, the download endpoint (spec §7) and the public image folder. */
export async function registerImageRoutes(
  app: FastifyInstance,
  services: Services,
  config: Config,
) {
  const secure = config.publicUrl.startsWith('https://');

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);

    scope.post(DirectPaths.uploadImage, (request, reply) =>
      receiveUpload(services, request, reply, {
        secure,
        maxBytes: services.images.maxBytes,
        tooLargeText: (lang) => msg('imageTooLarge', lang, { max: String(config.IMAGE_MAX_MB) }),
        handle: async ({ fields, file }, ctx) => {
          const friendid = fields.friend ?? fields.friendid ?? '';
          if (friendid && !FriendId.safeParse(friendid).success) {
            throw new AppError(ErrorCode.BAD_INPUT);
          }
          const { data } = requireFile(file, ctx);
          const out = await services.images.uploadCharacterImage({ data, friendid }, ctx);
          return out.image;
        },
      }),
    );
  });

  app.get(DirectPaths.download, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const auth = await callerContext(services, request, reply, {
      secure,
      readOnly: true,
      required: false,
    });
    const lang = 'ctx' in auth ? auth.ctx.lang : pickLang(undefined, null, '');
    const user = 'ctx' in auth ? auth.ctx.user : null;
    const name = typeof q.imagename === 'string' ? q.imagename.slice(0, 200) : '';
    const found = name ? await services.images.download(name, user) : null;
    if (!found) return sendText(reply, 404, msg('imageNotFound', lang));
    if ('url' in found) {
      // The owner's browser fetches the bytes from the bucket itself. The redirect is cached
      // (privately) for half the address's life, so a cached one never leads to a dead address.
      return reply
        .header('cache-control', `private, max-age=${Math.floor(DOWNLOAD_URL_TTL / 2)}`)
        .redirect(found.url, 302);
    }
    return sendStored(request, reply, found.stream, {
      'content-type': found.type,
      'content-disposition': `attachment; filename="${found.name}"`,
      'cache-control': 'private, max-age=3600',
    });
  });

  app.get(`${DirectPaths.publicImages}:name`, async (request, reply) => {
    const { name } = request.params as { name: string };
    const found = await services.images.publicImage(name);
    if (!found) return sendText(reply, 404, 'Not found');
    // Names are random and never reused: cache for good, here and in any CDN in front.
    return sendStored(request, reply, found.stream, {
      'content-type': found.type,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
}
