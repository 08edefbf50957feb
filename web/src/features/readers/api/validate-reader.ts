import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES } from '@tagtrack/contract';
import { api } from '../../../lib/api';

/** What the reader at the address says of itself; the serial fills the handheld form. */
const ValidatedReaderSchema = z.object({ serial: z.string().optional(), kind: z.string().optional() }).loose();

/** POST /configuration/validate-reader/ {ip_address} (on-premise): is there a reader at this address? */
export function validateReader(input: { ip_address: string }) {
  return api.post(API_ROUTES.validateReader.url, input, { schema: ValidatedReaderSchema });
}

export function useValidateReader() {
  return useMutation({ mutationFn: validateReader });
}
