export * from './errors.ts';
export * from './constants.ts';
export * from './entities.ts';
export * from './registry.ts';
export * from './direct.ts';
export type { Access, IdentityField } from './access.ts';
export type { ActionDef } from './action.ts';

/** Every answer carries Error (0 success) and, on failure, Errstr. */
export interface Envelope {
  Error: number;
  Errstr?: string;
}
