import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES } from '@tagtrack/contract';
import { api } from '../../../lib/api';

/** Whether an unregistered reader announced itself at the address; its serial fills the handheld form. */
const ValidatedReaderSchema = z.object({
  valid: z.boolean(),
  serial: z.string().nullable(),
  kind: z.string().nullable(),
  detail: z.string(),
});

/** POST /configuration/validate-reader/ {ip_address} (on-premise): is there a reader at this address? */
export function validateReader(input: { ip_address: string }) {
  return api.post(API_ROUTES.validateReader.url, input, { schema: ValidatedReaderSchema });
}

export function useValidateReader() {
  return useMutation({ mutationFn: validateReader });
}
