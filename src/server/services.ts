import { authService } from './auth/auth.service.ts';
import { categoriesService } from './categories/categories.service.ts';
import type { Deps } from './deps.ts';
import { friendsService } from './friends/friends.service.ts';
import { usersService } from './users/users.service.ts';

export function createServices(deps: Deps) {
  return {
    auth: authService(deps),
    users: usersService(deps),
    friends: friendsService(deps),
    categories: categoriesService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
