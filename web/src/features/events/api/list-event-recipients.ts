import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, MAX_PAGE_SIZE, RuleRecipientSchema, pagedSchema, type RuleRecipient } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const RecipientPageSchema = pagedSchema(RuleRecipientSchema);

/**
 * GET /sensor-data/observation/recipient/ → the customer's users an event may notify, with their
 * e-mail address and phone number (all of them: the form offers them in one list).
 */
export async function listEventRecipients(signal?: AbortSignal): Promise<RuleRecipient[]> {
  const page = await api.get(API_ROUTES.observationRecipientList.url, {
    query: { page_size: MAX_PAGE_SIZE },
    schema: RecipientPageSchema,
    signal,
  });
  return page.results;
}

export const eventRecipientsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.eventRecipients(),
    queryFn: ({ signal }) => listEventRecipients(signal),
  });

export function useEventRecipients() {
  return useQuery(eventRecipientsQueryOptions());
}
