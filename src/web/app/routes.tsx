import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { EDITOR_FRIEND_ID } from '../../protocol/constants.ts';
import { RequireUser } from './guards/require-user.tsx';
import { DefaultRedirect, FriendRedirect } from './screens/redirects.tsx';
import { AppLayout } from './shell/app-layout.tsx';

// Every screen is its own chunk: the landing page loads only what it shows.
const HomeRoute = lazy(() => import('./screens/home-route.tsx'));
const LoginScreen = lazy(() => import('../features/auth/login-screen.tsx'));
const LoginTokenScreen = lazy(() => import('../features/auth/login-token-screen.tsx'));
const MainTokenScreen = lazy(() => import('../features/auth/main-token-screen.tsx'));
const MainScreen = lazy(() => import('../features/friends/main-screen.tsx'));
const AssistantScreen = lazy(() => import('../features/assistant/assistant-screen.tsx'));
const StudioScreen = lazy(() => import('../features/studio/studio-screen.tsx'));
const ChatScreen = lazy(() => import('../features/chat/chat-screen.tsx'));
const MinChatScreen = lazy(() =>
  import('../features/chat/chat-screen.tsx').then((m) => ({ default: m.MinChatScreen })),
);
const EditorChatScreen = lazy(() =>
  import('../features/chat/chat-screen.tsx').then((m) => ({ default: m.EditorChatScreen })),
);
const CreateImageScreen = lazy(() => import('../features/images/create-image-screen.tsx'));
const GroupChatScreen = lazy(() => import('../features/group/group-screen.tsx'));
const HistoryScreen = lazy(() => import('../features/history/history-screen.tsx'));
const StatsScreen = lazy(() => import('../features/stats/stats-screen.tsx'));
const UsageScreen = lazy(() => import('../features/analytics/usage-screen.tsx'));
const EditUserScreen = lazy(() => import('../features/billing/edit-user-screen.tsx'));
const SubscriptionScreen = lazy(() => import('../features/billing/subscription-screen.tsx'));
const BuyScreen = lazy(() => import('../features/billing/buy-screen.tsx'));
const BuyResultScreen = lazy(() => import('../features/billing/buy-result-screen.tsx'));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <DefaultRedirect /> },
      { path: 'home', element: <HomeRoute /> },
      { path: 'home/:friendid', element: <HomeRoute /> },
      { path: 'login', element: <LoginScreen /> },
      { path: 'login/return/:retmodule', element: <LoginScreen /> },
      { path: 'login/:token', element: <LoginTokenScreen /> },
      { path: 'login/:token/friend/:friendid', element: <LoginTokenScreen /> },
      { path: 'main/:email/:token', element: <MainTokenScreen /> },
      {
        element: <RequireUser redirectTo="/login/return/assistant" />,
        children: [{ path: 'assistant', element: <AssistantScreen /> }],
      },
      {
        element: <RequireUser redirectTo="/login" />,
        children: [{ path: 'edituser', element: <EditUserScreen /> }],
      },
      {
        element: <RequireUser />,
        children: [
          { path: 'subscription', element: <SubscriptionScreen /> },
          { path: 'subscription/:status', element: <SubscriptionScreen /> },
          { path: 'buy', element: <BuyScreen /> },
          { path: 'buy/:order', element: <BuyResultScreen /> },
          { path: 'main', element: <MainScreen /> },
          { path: 'createdit', element: <StudioScreen /> },
          { path: 'createdit/:friendid', element: <StudioScreen /> },
          { path: 'createdit/fromimage/:image', element: <StudioScreen /> },
          { path: 'chat/:friendid', element: <ChatScreen /> },
          { path: 'chat/:friendid/:detailsfor', element: <ChatScreen /> },
          // The editor's popup chat: static segment, so it wins over :friendid/:detailsfor.
          { path: `chat/${EDITOR_FRIEND_ID}/:friendid`, element: <EditorChatScreen /> },
          { path: 'minchat/:friendid', element: <MinChatScreen /> },
          { path: 'minchat/:friendid/:detailsfor', element: <MinChatScreen /> },
          { path: 'minchat/:friendid/:detailsfor/:inputq', element: <MinChatScreen /> },
          { path: 'createimg', element: <CreateImageScreen /> },
          { path: 'multichat', element: <GroupChatScreen /> },
          { path: 'chathistory', element: <HistoryScreen /> },
          { path: 'chathistory/:friendid/:user', element: <HistoryScreen /> },
          { path: 'stat/:friendid', element: <StatsScreen /> },
          { path: 'usage', element: <UsageScreen /> },
        ],
      },
      { path: ':friendid', element: <FriendRedirect /> },
      { path: '*', element: <DefaultRedirect /> },
    ],
  },
];

/** Declarative routing (no data router): the app loads its data with TanStack Query. */
export function AppRoutes() {
  return useRoutes(routes);
}
