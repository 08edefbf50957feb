import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, CustomerSchema, type Customer } from '@tagtrack/contract';
import { api } from '../../lib/api';
import { useIsSignedIn } from '../../lib/client-store';
import { queryKeys } from '../../lib/query-keys';

/** GET /configuration/customer/: the signed-in user's company, with its logo as a data: URL. */
export function getCustomer(): Promise<Customer> {
  return api.get(API_ROUTES.customer.url, { schema: CustomerSchema });
}

export const customerQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.configuration.customer(), queryFn: getCustomer, staleTime: 5 * 60_000 });

export function useCustomer() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...customerQueryOptions(), enabled: signedIn });
}
