import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../auth/auth.limits.js';
import { ListQuerySchema, orderingSchema } from '../common/pagination.js';

/** A management group (03 §3 Group): `users` holds the ids of its members. */
export const ManagementGroupSchema = z.object({
  id: z.number().int(),
  group_name: z.string(),
  user_count: z.number().int(),
  users: z.array(z.number().int()),
});
export type ManagementGroup = z.infer<typeof ManagementGroupSchema>;

/** POST and PUT /accounts/management-groups/: the group name is required (03 §5). */
export const ManagementGroupWriteSchema = z.object({
  group_name: z
    .string({ error: 'groupNameError' })
    .trim()
    .min(1, 'groupNameError')
    .max(NAME_MAX_LENGTH, 'nameMaxLength'),
});
export type ManagementGroupWrite = z.infer<typeof ManagementGroupWriteSchema>;

/** POST …/{group_id}/add_users/ and …/remove_users/ */
export const GroupMembersSchema = z.object({
  users: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), { error: 'requiredField' }).max(1000),
});
export type GroupMembers = z.infer<typeof GroupMembersSchema>;

export const GROUP_ORDERING = ['group_name', 'id'] as const;

export const ManagementGroupListQuerySchema = ListQuerySchema.extend({ ordering: orderingSchema(GROUP_ORDERING) });
export type ManagementGroupListQuery = z.infer<typeof ManagementGroupListQuerySchema>;
