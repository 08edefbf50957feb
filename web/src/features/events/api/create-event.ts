import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ObservationRuleSchema, type ObservationRule, type ObservationRuleInput } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/**
 * POST /sensor-data/observation/rule/ → 201 the new event (administrators and applications). A
 * refusal's detail is one string joined by ';', its codes by field (03 §8).
 */
export function createEvent(input: ObservationRuleInput): Promise<ObservationRule> {
  return api.post(API_ROUTES.observationRuleCreate.url, input, { schema: ObservationRuleSchema });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: () => invalidateAfter(queryClient, 'events'),
  });
}
