import { authService } from './auth/auth.service.ts';
import { categoriesService } from './categories/categories.service.ts';
import { chatService } from './chat/chat.service.ts';
import { subjectsService } from './chat/subjects.service.ts';
import type { Deps } from './deps.ts';
import { friendsService } from './friends/friends.service.ts';
import { usersService } from './users/users.service.ts';

export function createServices(deps: Deps) {
  // Knowledge retrieval joins when the studio's knowledge index lands.
  const chat = chatService({ ...deps, retrieve: async () => [] });
  return {
    chat,
    subjects: subjectsService({ ...deps, retrieve: async () => [] }, chat.runner),
    auth: authService(deps),
    users: usersService(deps),
    friends: friendsService(deps),
    categories: categoriesService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
