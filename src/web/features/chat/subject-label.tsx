import { DEFAULT_SUBJECT } from '../../../protocol/constants.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { sameName } from './use-subjects.ts';
import { useFriendCard } from './use-friend-card.ts';

const DEFAULT_NAMES: readonly string[] = Object.values(DEFAULT_SUBJECT);

/**
 * A subject as the reader sees it: the subject a route's detailsfor forces is named after
 * that character (its id is what the server knows it by), the one the server opened for the
 * reader in the screen's language whichever it was opened in, any other by its own name.
 */
export function SubjectLabel({ subject, forced }: { subject: string; forced: string | null }) {
  const { lang } = useLanguage();
  const isForced = !!forced && sameName(subject, forced);
  const card = useFriendCard(isForced ? forced : null);
  if (isForced && card.data?.friendname) return <>{card.data.friendname}</>;
  if (DEFAULT_NAMES.includes(subject)) return <>{DEFAULT_SUBJECT[lang]}</>;
  return <>{subject}</>;
}
