import type { Priv } from './constants.ts';
import type { ErrorCode } from './errors.ts';
import type { ActionName, ActionOutput, LevelActionName, StreamActionName } from './registry.ts';

/** Every answer carries Error (0 success) and, on failure, Errstr. */
export interface Envelope {
  Error: number;
  Errstr?: string;
}

/** Any code but success. */
export type FailureCode = Exclude<ErrorCode, typeof ErrorCode.OK>;

/**
 * A refusal or failure: no data, only the reason in the caller's language and, for a few
 * codes, a hint of what to do next.
 */
export interface Failure {
  Error: FailureCode;
  Errstr: string;
  /** NO_CREDITS: the purchase page's path. */
  buy?: string;
  /** RATE_LIMITED: seconds until the next try is allowed. */
  retryAfter?: number;
}

/** A success: the action's answer with Error 0. */
export type Success<O> = O & { Error: 0; Errstr?: undefined };

/**
 * What an action answers: a union discriminated on `Error`, so its fields can be read only
 * after checking `Error === 0` (or narrowing out the failures). Two kinds of answer carry
 * their fields with a non-zero Error as well: a streamed reply that finally failed
 * (MODEL_FAILED, with the reply as stored) and CheckEditPriv's level (spec compatibility).
 */
export type Answer<A extends ActionName> =
  | Success<ActionOutput<A>>
  | Failure
  | (A extends StreamActionName
      ? ActionOutput<A> & { Error: typeof ErrorCode.MODEL_FAILED; Errstr: string }
      : never)
  | (A extends LevelActionName
      ? ActionOutput<A> & { Error: typeof Priv.view | typeof Priv.none; Errstr: string }
      : never);

/** A direct endpoint's JSON answer with fields `O` (the same union as Answer). */
export type DirectAnswer<O> = Success<O> | Failure;
