/**
 * The schemas of the answers the console waits for before its first page: the user, the
 * subscription, the version. A chunk of their own (with zod), fetched beside those requests (see
 * parseWith in api-client.ts), so zod is not part of the JavaScript the first page loads before
 * it can start.
 */
export { CurrentUserSchema, InstanceSubscriptionSchema, VersionSchema } from '@tagtrack/contract';
