import { sql, type SQL } from 'drizzle-orm';
import { readerAssignments, readerConfigurations, readers } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import type { ReaderClaims } from '../../lib/auth/reader-tokens.js';

// The reader's own rows as a batch statement reads them beside its work (one round trip a batch).

/** What placing a read needs of a configuration assigned to a reader. */
export interface PlacingConfiguration {
  id: number;
  locationUuid: string | null;
  confData: unknown;
}

/**
 * The configurations assigned to a reader as one json array of PlacingConfiguration, in the order
 * of findAssignedConfigurations (name, then id): a scalar subquery for a statement that needs them
 * beside other rows, saving a round trip on every batch of reads. SECURITY: the tenant's only.
 */
export function placingConfigurationsJson(tenant: TenantScope, readerId: number): SQL {
  const c = readerConfigurations;
  const a = readerAssignments;
  return sql`(select coalesce(json_agg(json_build_object('id', ${c.id}, 'locationUuid', ${c.locationUuid},
      'confData', ${c.confData}) order by ${c.name}, ${c.id}), '[]'::json)
    from ${a} join ${c} on ${c.customerId} = ${a.customerId} and ${c.id} = ${a.configurationId}
    where ${a.customerId} = ${tenant.customerId} and ${a.readerId} = ${readerId})`;
}

/**
 * SQL for the token's reader as one JSON object of ReaderRow (null when there is none), for a
 * statement that confirms the reader while it does its work.
 */
export function readerRowJson(claims: ReaderClaims): SQL {
  const r = readers;
  return sql`(select json_build_object('id', ${r.id}, 'customerId', ${r.customerId}, 'uuid', ${r.uuid},
      'serial', ${r.serial}, 'kind', ${r.kind}, 'family', ${r.family}, 'state', ${r.state}, 'secretHash', ${r.secretHash})
    from ${r} where ${r.customerId} = ${claims.customerId} and ${r.id} = ${claims.readerId})`;
}
