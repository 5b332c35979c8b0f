import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { storage } from '../../shared/storage/storage.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { useAssistantHost } from '../../shared/session/use-assistant-host.ts';
import { useGlobalPriv } from '../../shared/session/use-global-priv.ts';
import { useSessionCheck } from '../../shared/session/use-session-check.ts';

/** /chat/:friendid (not /minchat: spec part 2) is remembered so sign-in returns to it. */
export function friendFromPath(pathname: string): string | null {
  return /^\/chat\/([A-Za-z0-9]+)(?:\/|$)/.exec(pathname)?.[1] ?? null;
}

/** What a signed-in user without global privilege may open on the assistant host. */
export function allowedOnAssistantHost(pathname: string): boolean {
  return /^\/(assistant|chat|minchat|edituser|buy|subscription)(\/|$)/.test(pathname);
}

function GuestRedirect({ to, friendid }: { to: string; friendid: string | null }) {
  // Before <Navigate>'s own effect, so the next screen already sees it.
  useLayoutEffect(() => {
    if (friendid) storage.set('friendid', friendid);
  }, [friendid]);
  return <Navigate to={to} replace />;
}

/**
 * Screens for signed-in users (spec part 1 §4): a visitor goes to /home (/assistant on the
 * assistant host, or `redirectTo`); a stored user whose session has ended is forgotten
 * first; on the assistant host users without global privilege are kept to /assistant.
 */
export function RequireUser({ redirectTo }: { redirectTo?: string }) {
  const email = useStored('email');
  const { pathname } = useLocation();
  const assistantHost = useAssistantHost();
  const session = useSessionCheck();
  const needsPriv = assistantHost === true && !!email && !allowedOnAssistantHost(pathname);
  const priv = useGlobalPriv(needsPriv);

  if (assistantHost === undefined) return <PageLoader />;
  if (!email) {
    const friendid = friendFromPath(pathname);
    // A chat link's visitor sees on the landing page whom the link is for (/home/{friendid}).
    const home = friendid ? `/home/${friendid}` : '/home';
    const to = redirectTo ?? (assistantHost ? '/assistant' : home);
    return <GuestRedirect to={to} friendid={friendid} />;
  }
  if (session.isPending) return <PageLoader />;
  if (needsPriv) {
    if (priv.isPending) return <PageLoader />;
    if (priv.data !== true) return <Navigate to="/assistant" replace />;
  }
  return <Outlet />;
}
