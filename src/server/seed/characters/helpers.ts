import type { SeedCharacter } from '../seed-types.ts';
import { librarian } from './librarian.ts';
import { receptionist } from './receptionist.ts';
import { graphicdesigner } from './graphicdesigner.ts';
import { vered } from './vered.ts';
import { support } from './support.ts';
import { sales } from './sales.ts';
import { sharoneditor } from './sharoneditor.ts';

export const helperCharacters: SeedCharacter[] = [
  librarian,
  receptionist,
  graphicdesigner,
  vered,
  support,
  sales,
  sharoneditor,
];
