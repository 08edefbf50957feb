import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter, keyStartsWith, queryKeys } from '../../../lib/query-keys';

/** DELETE /sensor-data/observation/rule/{id}/ → 204 (the alerts it raised stay, with its name). */
export function deleteEvent(id: string): Promise<void> {
  return api.delete(apiPath(API_ROUTES.observationRuleDelete.url, { id }));
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    // The lists refresh; the deleted event's form would only fail now.
    onSuccess: (_nothing, id) =>
      invalidateAfter(queryClient, 'events', (query) => keyStartsWith(query, queryKeys.events.detail(id))),
  });
}
