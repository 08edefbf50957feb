/**
 * The contract's test of an error envelope, in a chunk of its own: the module that holds it also
 * holds the error schemas (and so needs zod), which the first page does not. api-client.ts loads
 * it when a call fails.
 */
export { isErrorPayload } from '@tagtrack/contract';
