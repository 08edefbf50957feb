import { vi } from 'vitest';
import { API_ROUTES, type ErrorDetail, type ErrorType } from '@tagtrack/contract';
import { errorResponse, jsonResponse } from './json-response';

export type RouteName = keyof typeof API_ROUTES;

/** One request the console sent, as a handler and the test see it. */
export interface StubCall {
  /** The API_ROUTES entry it matched; null for a request to no route of the table. */
  route: RouteName | null;
  method: string;
  /** The URL as sent, with its query string. */
  url: string;
  path: string;
  /** The route's `:param` values. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body parsed, the FormData as sent, or undefined. */
  body: unknown;
  headers: Headers;
}

/** What a handler answers: a Response as it is, `undefined` for 404 NotFound, anything else as JSON 200. */
export type StubAnswer = Response | undefined | null | object | string | number | boolean;
export type StubHandler = (call: StubCall) => StubAnswer | Promise<StubAnswer>;
export type StubHandlers = Partial<Record<RouteName, StubHandler | Exclude<StubAnswer, Response>>>;

interface CompiledRoute {
  name: RouteName;
  method: string;
  regex: RegExp;
  names: string[];
  /** Literal paths win over `:param` ones (leaf-remaining/ before :id/). */
  paramCount: number;
}

const COMPILED: CompiledRoute[] = Object.entries(API_ROUTES)
  .map(([name, route]) => {
    const names: string[] = [];
    const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, (_, param: string) => {
      names.push(param);
      return '([^/]+)';
    });
    return {
      name: name as RouteName,
      method: route.method,
      regex: new RegExp(`^${source}$`),
      names,
      paramCount: names.length,
    };
  })
  .sort((a, b) => a.paramCount - b.paramCount);

/** The API_ROUTES entry a method and path name, with its parameters. */
export function matchRoute(method: string, path: string): { route: RouteName; params: Record<string, string> } | null {
  for (const candidate of COMPILED) {
    if (candidate.method !== method) continue;
    const match = candidate.regex.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(candidate.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
    return { route: candidate.name, params };
  }
  return null;
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body;
}

function toResponse(answer: StubAnswer): Response {
  if (answer instanceof Response) return answer;
  if (answer === undefined || answer === null) return errorResponse('NotFound', 'notFound');
  return jsonResponse(answer);
}

export interface StubServer {
  /** Every request, in order. */
  calls: StubCall[];
  /** The calls of one route. */
  callsTo: (route: RouteName) => StubCall[];
  /** Replaces or adds handlers while the test runs. */
  set: (handlers: StubHandlers) => void;
}

/**
 * The API as a test sees it: `fetch` is stubbed, each request is matched against the contract's
 * route table (API_ROUTES) by method and path, and the handler of that route name answers. A route
 * without a handler, or a path of no route, answers 404 NotFound in the server's envelope, so a
 * screen under test meets the same answers and errors as against the real server.
 *
 *   const server = stubServer({ me: user(['administrator']), locationTree: () => tree });
 *   …
 *   expect(server.callsTo('locationDelete')).toHaveLength(1);
 */
export function stubServer(handlers: StubHandlers = {}): StubServer {
  let table: StubHandlers = { ...handlers };
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const parsed = new URL(url, 'http://console.test');
      const matched = matchRoute(method, parsed.pathname);
      const call: StubCall = {
        route: matched?.route ?? null,
        method,
        url,
        path: parsed.pathname,
        params: matched?.params ?? {},
        query: parsed.searchParams,
        body: readBody(init?.body),
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      if (!matched) return toResponse(undefined);
      const handler = table[matched.route];
      const answer = typeof handler === 'function' ? await handler(call) : handler;
      return toResponse(answer);
    }),
  );
  return {
    calls,
    callsTo: (route) => calls.filter((c) => c.route === route),
    set: (more) => {
      table = { ...table, ...more };
    },
  };
}

/** An answer with no body (204), as DELETE routes give. */
export const noContent = () => new Response(null, { status: 204 });

/** An error answer as the server builds it (detail in message keys; see errorBody). */
export const refuse = (type: ErrorType, detail: ErrorDetail) => errorResponse(type, detail);
