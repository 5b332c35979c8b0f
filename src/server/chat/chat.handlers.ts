import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

type ChatActions =
  | 'AskFriend'
  | 'FollowReply'
  | 'RetryReply'
  | 'StopReply'
  | 'RegenerateReply'
  | 'ChooseVariant'
  | 'EditMessage'
  | 'RetrieveConversation'
  | 'ResetConversation'
  | 'RewindConversation'
  | 'GetSubjects'
  | 'ForkSubject'
  | 'DelSubject'
  | 'UpdateSubject'
  | 'AnalyzeConversationSubject'
  | 'GetSetMemory'
  | 'GetSetSelf'
  | 'GetCanvas'
  | 'UpdateCanvas'
  | 'SearchConversations';

export const chatHandlers = (s: Services): Handlers<ChatActions> => ({
  AskFriend: (input, ctx) => s.chat.ask(input, ctx),
  FollowReply: (input, ctx) => s.chat.follow(input, ctx),
  RetryReply: (input, ctx) => s.chat.retry(input, ctx),
  StopReply: (input, ctx) => s.chat.stop(input, ctx),
  RegenerateReply: (input, ctx) => s.chat.regenerate(input, ctx),
  ChooseVariant: (input, ctx) => s.chat.choose(input, ctx),
  EditMessage: (input, ctx) => s.chat.edit(input, ctx),
  RetrieveConversation: (input, ctx) => s.subjects.retrieve(input, ctx),
  ResetConversation: (input, ctx) => s.subjects.reset(input, ctx),
  RewindConversation: (input, ctx) => s.subjects.rewind(input, ctx),
  GetSubjects: (input, ctx) => s.subjects.list(input, ctx),
  ForkSubject: (input, ctx) => s.subjects.fork(input, ctx),
  DelSubject: (input, ctx) => s.subjects.remove(input, ctx),
  UpdateSubject: (input, ctx) => s.subjects.update(input, ctx),
  AnalyzeConversationSubject: (input, ctx) => s.subjects.analyze(input, ctx),
  GetSetMemory: (input, ctx) => s.subjects.memory(input, ctx),
  GetSetSelf: (input, ctx) => s.subjects.self(input, ctx),
  GetCanvas: (input, ctx) => s.subjects.canvas(input, ctx),
  UpdateCanvas: (input, ctx) => s.subjects.saveCanvas(input, ctx),
  SearchConversations: (input, ctx) => s.chatSearch.search(input, ctx),
});
