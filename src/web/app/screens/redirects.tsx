import { Navigate, useParams } from 'react-router';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { useAssistantHost } from '../../shared/session/use-assistant-host.ts';

/** Empty path and unknown paths: the default module (/assistant on the assistant host). */
export function DefaultRedirect() {
  const assistantHost = useAssistantHost();
  if (assistantHost === undefined) return <PageLoader />;
  return <Navigate to={assistantHost ? '/assistant' : '/main'} replace />;
}

/** /:friendid opens that character's chat; anything that is not an id goes to the list. */
export function FriendRedirect() {
  const { friendid } = useParams();
  if (!friendid || !/^[A-Za-z0-9]+$/.test(friendid)) return <DefaultRedirect />;
  return <Navigate to={`/chat/${friendid}`} replace />;
}
