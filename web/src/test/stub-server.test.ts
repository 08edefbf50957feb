import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoute, noContent, stubServer } from './stub-server';

afterEach(() => vi.unstubAllGlobals());

describe('the stub server', () => {
  it('matches a request to its route of the table, literal paths before parameters', () => {
    expect(matchRoute('GET', '/configuration/location/leaf-remaining/')).toEqual({
      route: 'locationLeafRemaining',
      params: {},
    });
    expect(matchRoute('GET', '/configuration/location/abc/')).toMatchObject({ params: { id: 'abc' } });
    expect(matchRoute('DELETE', '/accounts/users/7/')).toEqual({ route: 'userDelete', params: { id: '7' } });
    expect(matchRoute('GET', '/nothing/')).toBeNull();
  });

  it('answers with the route’s handler, records the call, and answers NotFound in the envelope otherwise', async () => {
    const server = stubServer({
      userList: (call) => ({ count: 0, results: [], page: call.query.get('page') }),
      userDelete: noContent,
    });
    expect(await (await fetch('/accounts/users/?page=2')).json()).toEqual({ count: 0, results: [], page: '2' });
    expect((await fetch('/accounts/users/7/', { method: 'DELETE' })).status).toBe(204);
    const missing = await fetch('/accounts/users/', { method: 'POST', body: JSON.stringify({ username: 'x' }) });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: 'NotFound', detail: 'Not found.', codes: { code: 'notFound' } });
    expect(server.callsTo('userCreate')[0]?.body).toEqual({ username: 'x' });
    expect(server.calls.map((c) => c.route)).toEqual(['userList', 'userDelete', 'userCreate']);
    server.set({ userCreate: { id: 1 } });
    expect(await (await fetch('/accounts/users/', { method: 'POST' })).json()).toEqual({ id: 1 });
  });
});
