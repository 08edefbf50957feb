import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, MAX_PAGE_SIZE, RuleRecipientSchema, pagedSchema, type RuleRecipient } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const RecipientPageSchema = pagedSchema(RuleRecipientSchema);

/**
 * GET /report/scheduled/recipient/ → the customer's users a scheduled report's runs may be mailed
 * to, with their e-mail address (all of them: the form offers them in one list).
 */
export async function listReportRecipients(signal?: AbortSignal): Promise<RuleRecipient[]> {
  const page = await api.get(API_ROUTES.scheduledReportRecipients.url, {
    query: { page_size: MAX_PAGE_SIZE },
    schema: RecipientPageSchema,
    signal,
  });
  return page.results;
}

export const reportRecipientsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.reportRecipients(),
    queryFn: ({ signal }) => listReportRecipients(signal),
  });

export function useReportRecipients() {
  return useQuery(reportRecipientsQueryOptions());
}
