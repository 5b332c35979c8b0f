import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('images_owner_idx').on(t.owner), index('images_image_idx').on(t.image)],
);
