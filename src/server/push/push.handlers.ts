import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const pushHandlers = (s: Services): Handlers<'UpdateFCMToken' | 'GetSetPushSettings'> => ({
  UpdateFCMToken: (input, ctx) => s.push.updateToken(input, ctx),
  GetSetPushSettings: (input, ctx) => s.push.getSetSettings(input, ctx),
});
