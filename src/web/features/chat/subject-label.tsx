import { sameName } from './use-subjects.ts';
import { useFriendCard } from './use-friend-card.ts';

/**
 * A subject as the reader sees it: the subject a route's detailsfor forces is named after
 * that character (its id is what the server knows it by), any other by its own name.
 */
export function SubjectLabel({ subject, forced }: { subject: string; forced: string | null }) {
  const isForced = !!forced && sameName(subject, forced);
  const card = useFriendCard(isForced ? forced : null);
  return <>{(isForced && card.data?.friendname) || subject}</>;
}
