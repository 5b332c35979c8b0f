export * from './errors.ts';
export * from './constants.ts';
export * from './entities.ts';
export * from './registry.ts';
export * from './direct.ts';
export type { Access, IdentityField } from './access.ts';
export type { ActionDef } from './action.ts';
export type { Answer, Envelope, Failure, FailureCode, Success, DirectAnswer } from './answer.ts';
export * from './streams.ts';
