import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { Paged, Product } from '@tagtrack/contract';
import { AppProviders } from '../../../app/providers';
import { TestRouter } from '../../../test/render';
import { buildCurrentUser } from '../../../test/current-user';
import { testEncodings, testProduct, testTree, unassignedProduct } from './product-fixtures';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body?: unknown;
}

type Answer = { status: number; body?: unknown };
/** Answers for one method and path; a function sees the call. */
export type Answers = Record<string, Answer | ((call: Call) => Answer)>;

/**
 * Stubs fetch with the API the product screens call: the user, the subscription (sensor), the
 * encodings, the category tree and a product list; `answers` ('METHOD /path') adds or overrides.
 */
export function stubProductServer(answers: Answers = {}, products: Product[] = [testProduct(), unassignedProduct()]) {
  const calls: Call[] = [];
  const defaults: Answers = {
    'GET /accounts/users/me/': { status: 200, body: buildCurrentUser(['administrator']) },
    'GET /configuration/instance-subscription/': {
      status: 200,
      body: { extension: ['sensor'], on_premise: false, limits: { leaf_locations: null } },
    },
    'GET /master-data/encoding/': { status: 200, body: { encodings: testEncodings } },
    'GET /tag-data/category/': { status: 200, body: { count: testTree.length, results: testTree } },
    'GET /master-data/product/': { status: 200, body: { count: products.length, results: products } as Paged<Product> },
    'GET /master-data/product/42/': { status: 200, body: testProduct() },
  };
  const table = { ...defaults, ...answers };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      calls.push(call);
      const entry = table[`${call.method} ${call.path}`];
      const answer = typeof entry === 'function' ? entry(call) : entry;
      if (!answer) return new Response(JSON.stringify({ type: 'NotFound', detail: 'Not found.' }), { status: 404 });
      if (answer.status === 204) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
    }),
  );
  return calls;
}

/** Shows where the app navigated to. */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

/** Renders a product screen at `path` (with navigation state) inside the app's providers. */
export function renderProductScreen(
  ui: ReactElement,
  { path, route = path, state, search = '' }: { path: string; route?: string; state?: unknown; search?: string },
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <AppProviders client={client}>
      <TestRouter
        path={{ pathname: path, search, state }}
        ui={
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={<Where />} />
          </Routes>
        }
      />
    </AppProviders>,
  );
}

export const validationError = (detail: unknown): Answer => ({
  status: 400,
  body: {
    type: 'ValidationError',
    detail,
    id: 'e1',
    request: '/x',
    time: '2026-01-01T00:00:00Z',
    'user-agent': 'test',
  },
});
