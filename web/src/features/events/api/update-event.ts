import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  ObservationRuleSchema,
  apiPath,
  type ObservationRule,
  type ObservationRuleInput,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** PUT /sensor-data/observation/rule/{id} → the event as saved: the whole event is replaced. */
export function updateEvent({ id, input }: { id: string; input: ObservationRuleInput }): Promise<ObservationRule> {
  return api.put(apiPath(API_ROUTES.observationRuleUpdate.url, { id }), input, { schema: ObservationRuleSchema });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: () => invalidateAfter(queryClient, 'events'),
  });
}
