import type { SeedCharacter } from '../seed-types.ts';
import { holmes } from './holmes.ts';
import { alice } from './alice.ts';
import { quixote } from './quixote.ts';
import { tevye } from './tevye.ts';
import { anne } from './anne.ts';
import { pinocchio } from './pinocchio.ts';

export const bookCharacters: SeedCharacter[] = [holmes, alice, quixote, tevye, anne, pinocchio];
