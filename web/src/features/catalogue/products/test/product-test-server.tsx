import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Paged, Product } from '@tagtrack/contract';
import { renderInAppProviders, TestRouter } from '../../../../test/render';
import { buildCurrentUser } from '../../../../test/current-user';
import { stubServer, type StubHandlers, type StubServer } from '../../../../test/stub-server';
import { testEncodings, testProduct, testTree, unassignedProduct } from './product-fixtures';

/**
 * Stubs the API the product screens call: the user, the subscription (sensor), the encodings, the
 * category tree, a product list and product 42; `handlers` (by route name) add or override.
 */
export function stubProductServer(
  handlers: StubHandlers = {},
  products: Product[] = [testProduct(), unassignedProduct()],
): StubServer {
  return stubServer({
    me: buildCurrentUser(['administrator']),
    instanceSubscription: { extension: ['sensor'], on_premise: false, limits: { leaf_locations: null } },
    encodingList: { encodings: testEncodings },
    categoryList: { count: testTree.length, results: testTree },
    productList: { count: products.length, results: products } satisfies Paged<Product>,
    productGet: ({ params }) => (params.sku === '42' ? testProduct() : undefined),
    ...handlers,
  });
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
  return renderInAppProviders(
    <TestRouter
      path={{ pathname: path, search, state }}
      ui={
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      }
    />,
  );
}
