import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const knowledgeHandlers = (
  s: Services,
): Handlers<
  | 'GetFiles'
  | 'DelFile'
  | 'UpdateTitle'
  | 'UpdateFileSubject'
  | 'GetFileTitle'
  | 'MoveFileToTop'
  | 'GetKnowlegeSubjects'
  | 'DelKnowledgeManual'
  | 'GetSetKnowledge'
> => ({
  GetFiles: (input, ctx) => s.files.getFiles(input, ctx),
  DelFile: (input, ctx) => s.files.delFile(input, ctx),
  UpdateTitle: (input, ctx) => s.files.updateTitle(input, ctx),
  UpdateFileSubject: (input, ctx) => s.files.updateFileSubject(input, ctx),
  GetFileTitle: (input, ctx) => s.files.getFileTitle(input, ctx),
  MoveFileToTop: (input, ctx) => s.files.moveFileToTop(input, ctx),
  GetKnowlegeSubjects: (input, ctx) => s.knowledge.subjects(input, ctx),
  DelKnowledgeManual: (input, ctx) => s.knowledge.del(input, ctx),
  GetSetKnowledge: (input, ctx) => s.knowledge.getSet(input, ctx),
});
