import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, ROLES, type ConsoleRoute, type Role } from '@tagtrack/contract';
import { decideRoute, type RouteDecision } from './permissions';

function route(path: string): ConsoleRoute {
  const found = CONSOLE_ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`No route ${path}`);
  return found;
}

const signedOut = { signedIn: false, roles: [] as Role[] };
const as = (...roles: Role[]) => ({ signedIn: true, roles });

describe('route guard (spec 01 §2.1)', () => {
  it.each<[string, ConsoleRoute | undefined, { signedIn: boolean; roles: Role[] }, RouteDecision]>([
    ['signed-out visitor on a private page goes to /login', route('/profile'), signedOut, '/login'],
    ['signed-out visitor on an admin page goes to /login', route('/admin-setting/system-setting'), signedOut, '/login'],
    ['signed-out visitor on an unknown path goes to /login', undefined, signedOut, '/login'],
    ['signed-out visitor sees /login', route('/login'), signedOut, 'render'],
    ['signed-out visitor sees the password reset page', route('/password-reset'), signedOut, 'render'],
    ['signed-in user on /login goes to /', route('/login'), as('viewer'), '/'],
    ['signed-in user on a password reset page goes to /', route('/forgot-password/:uuid'), as('administrator'), '/'],
    [
      'viewer on an administrator page sees not-authorised',
      route('/admin-setting/system-setting'),
      as('viewer'),
      'not-authorised',
    ],
    ['operator on a readers page sees not-authorised', route('/readers/:tab'), as('operator'), 'not-authorised'],
    ['signed-in user on an unknown path sees page not found', undefined, as('administrator'), 'not-found'],
    ['administrator opens system settings', route('/admin-setting/system-setting'), as('administrator'), 'render'],
    ['application opens readers', route('/readers/:tab'), as('application'), 'render'],
  ])('%s', (_name, r, session, expected) => {
    expect(decideRoute(r, session)).toBe(expected);
  });

  it('lets every role open its own profile and password change', () => {
    for (const role of ROLES) {
      expect(decideRoute(route('/profile'), as(role))).toBe('render');
      expect(decideRoute(route('/password-change'), as(role))).toBe('render');
    }
  });

  it('treats a signed-in user whose roles are not known as not authorised for private pages', () => {
    expect(decideRoute(route('/profile'), as())).toBe('not-authorised');
  });
});
