import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A generated image (spec part 2 §3): `image` is the stored file's name (or 'Invalid image'
 * for a failed generation). Made by the image-creation issue; the studio picks from them.
 */
export const images = pgTable(
  'images',
  {
    num: serial('num').primaryKey(),
    owner: integer('owner')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    image: text('image').notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    negativePrompt: text('negative_prompt').notNull().default(''),
    refimg: text('refimg').notNull().default(''),
    tm: timestamp('tm', { withTimezone: true }).notNull().defaultNow(),
    /** Seconds the generation took. */
    gentime: integer('gentime').notNull().default(0),
    /**
     * `ready` (a picture, or 'Invalid image' with `error`) or `loading` while its job runs.
     * Rows made before generation existed are ready.
     */
    status: text('status').notNull().default('ready'),
    /** Why a generation failed, in words for the owner. */
    error: text('error'),
    /** Drawn by the built-in offline generator (the UI says so). */
    offline: boolean('offline').notNull().default(false),
    /** The user's own words (any language); `prompt` is what the image model is sent. */
    request: text('request').notNull().default(''),
  },
  (t) => [index('images_owner_idx').on(t.owner), index('images_image_idx').on(t.image)],
);
