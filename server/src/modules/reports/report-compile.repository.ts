import { sql, type SQL } from 'drizzle-orm';
import {
  type AttributeFilter,
  type DateFilter,
  type InventoryReportJson,
  type ItemReportJson,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { locationSubtree } from '../../db/location-subtree.js';

/**
 * Reports compiled into SQL (docs/reports.md): one statement per page, count or export chunk,
 * every value a bound parameter, every column and operator from the contract's allow-lists
 * (the schemas refuse anything else before a report is saved).
 */

/** The attribute kinds the report's category gives its attribute columns and filters. */
export type AttributeKinds = ReadonlyMap<number, 'text' | 'number' | 'datetime' | 'dropdown'>;

export interface ReportContext {
  /** The IANA zone dates show in and dynamic periods are evaluated in. */
  timeZone: string;
  /** The moment the report runs (its dynamic periods end here). */
  now: Date;
  attributeKinds: AttributeKinds;
}

const ATTRIBUTE = /^attribute_(\d+)$/;

function attributeId(field: string): number | undefined {
  const match = ATTRIBUTE.exec(field);
  return match ? Number(match[1]) : undefined;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );

/** Products of the report's category: null for all, 0 for none, else the category and its subcategories. */
function categoryCondition(tenant: TenantScope, product: SQL, category: number | null | undefined): SQL | undefined {
  if (category === null || category === undefined) return undefined;
  if (category === 0) return sql`${product}.category_id is null`;
  return sql`${product}.category_id in (select g.id from categories g where g.customer_id = ${tenant.customerId}
    and (g.id = ${category} or g.parent_id = ${category}))`;
}

/** A moment of the wall clock in the report's zone: local arithmetic, then back to an instant. */
function local(context: ReportContext, expression: SQL): SQL {
  return sql`((${expression}) at time zone ${context.timeZone})`;
}

/** The [from, until) bounds of a dynamic period, evaluated at the report's run in its zone. */
function dynamicBounds(context: ReportContext, filter: Extract<DateFilter, { type: 'dynamic' }>): [SQL, SQL] {
  const now = sql`${context.now.toISOString()}::timestamptz`;
  const wall = sql`(${now} at time zone ${context.timeZone})`;
  const start = (unit: string, back: number) =>
    local(context, sql`date_trunc(${unit}, ${wall}) - (${back}::int * ${sql.raw(`interval '1 ${unit}'`)})`);
  switch (filter.operator) {
    case 'last': {
      const unit = filter.unit ?? 'day';
      return [
        local(context, sql`${wall} - (${filter.value ?? 1}::int * ${sql.raw(`interval '1 ${unit}'`)})`),
        sql`${now} + interval '1 microsecond'`,
      ];
    }
    case 'today':
      return [start('day', 0), start('day', -1)];
    case 'yesterday':
      return [start('day', 1), start('day', 0)];
    case 'thisWeek':
      return [start('week', 0), start('week', -1)];
    case 'lastWeek':
      return [start('week', 1), start('week', 0)];
    case 'thisMonth':
      return [start('month', 0), start('month', -1)];
    case 'lastMonth':
      return [start('month', 1), start('month', 0)];
    case 'thisYear':
      return [start('year', 0), start('year', -1)];
    case 'lastYear':
      return [start('year', 1), start('year', 0)];
  }
}

function dateCondition(context: ReportContext, column: SQL, filter: DateFilter | undefined): SQL | undefined {
  if (!filter) return undefined;
  if (filter.type === 'dynamic') {
    const [from, until] = dynamicBounds(context, filter);
    return sql`(${column} >= ${from} and ${column} < ${until})`;
  }
  const start = sql`${filter.start!}::timestamptz`;
  if (filter.operator === 'lt') return sql`${column} < ${start}`;
  if (filter.operator === 'gt') return sql`${column} > ${start}`;
  return sql`(${column} >= ${start} and ${column} <= ${filter.end!}::timestamptz)`;
}

/** The attribute's value of a row (products or items), as text; placeholders of unset values count as none. */
const attributeText = (attributes: SQL, id: number) => sql`tagtrack_attribute_value(${attributes}, ${id}::bigint)`;

function likePattern(text: string, before: boolean, after: boolean): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return `${before ? '%' : ''}${escaped}${after ? '%' : ''}`;
}

/** One attribute filter (03 §5) on the attributes column of the report's rows. */
function attributeCondition(context: ReportContext, attributes: SQL, filter: AttributeFilter): SQL {
  const text = attributeText(attributes, filter.id);
  const kind = filter.type;
  if (kind === 'dropdown') {
    const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map((v) => v.trim());
    return sql`${text} in (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  }
  const raw = Array.isArray(filter.value) ? (filter.value[0] ?? '') : filter.value;
  if (kind === 'text') {
    const value = raw.trim();
    switch (filter.operator) {
      case 'contains':
        return sql`${text} ilike ${likePattern(value, true, true)}`;
      case 'excludes':
        return sql`coalesce(${text}, '') not ilike ${likePattern(value, true, true)}`;
      case 'startswith':
        return sql`${text} ilike ${likePattern(value, false, true)}`;
      case 'endswith':
        return sql`${text} ilike ${likePattern(value, true, false)}`;
      case 'ne':
        return sql`lower(coalesce(${text}, '')) <> lower(${value})`;
      default:
        return sql`lower(${text}) = lower(${value})`;
    }
  }
  // Numbers compare as numbers; datetimes as the wall-clock time the value names, the filter's
  // instants read in the report's zone.
  const column = kind === 'number' ? sql`tagtrack_number(${text})` : sql`tagtrack_wall_time(${text})`;
  const operand = (value: string) =>
    kind === 'number'
      ? sql`${value.trim()}::numeric`
      : sql`(${value.trim()}::timestamptz at time zone ${context.timeZone})`;
  const exactDate = (value: string) => sql`date_trunc('minute', ${column}) = date_trunc('minute', ${operand(value)})`;
  switch (filter.operator) {
    case 'between': {
      const [start = '', end = ''] = raw.split(',');
      return sql`(${column} >= ${operand(start)} and ${column} <= ${operand(end)})`;
    }
    case 'lt':
      return sql`${column} < ${operand(raw)}`;
    case 'lte':
      return sql`${column} <= ${operand(raw)}`;
    case 'gt':
      return sql`${column} > ${operand(raw)}`;
    case 'gte':
      return sql`${column} >= ${operand(raw)}`;
    case 'ne':
      return kind === 'number'
        ? sql`${column} is distinct from ${operand(raw)}`
        : sql`not coalesce(${exactDate(raw)}, false)`;
    default:
      return kind === 'number' ? sql`${column} = ${operand(raw)}` : exactDate(raw);
  }
}

/** How a column shows (dates as yyyy-MM-dd HH:mm in the report's zone) and orders. */
interface Column {
  show: SQL;
  order: SQL;
}

function dateColumn(context: ReportContext, column: SQL): Column {
  return {
    show: sql`to_char(${column} at time zone ${context.timeZone}, 'YYYY-MM-DD HH24:MI')`,
    order: column,
  };
}

function attributeColumn(context: ReportContext, attributes: SQL, id: number): Column {
  const text = attributeText(attributes, id);
  const kind = context.attributeKinds.get(id);
  if (kind === 'number')
    return {
      show: sql`case when tagtrack_number(${text}) is null then null else ${text} end`,
      order: sql`tagtrack_number(${text})`,
    };
  if (kind === 'datetime') {
    const wall = sql`tagtrack_wall_time(${text})`;
    return { show: sql`to_char(${wall}, 'YYYY-MM-DD HH24:MI')`, order: wall };
  }
  return { show: text, order: sql`lower(${text})` };
}

const plain = (expression: SQL): Column => ({ show: expression, order: expression });

function itemColumn(context: ReportContext, field: string): Column | undefined {
  const id = attributeId(field);
  if (id !== undefined) return attributeColumn(context, sql`i.attributes`, id);
  switch (field) {
    case 'code':
      return plain(sql`i.code`);
    case 'location__name':
      return { show: sql`l.name`, order: sql`lower(l.name)` };
    case 'location__uuid':
      return plain(sql`i.location_uuid::text`);
    case 'status':
      return plain(sql`i.status`);
    case 'metadata__name':
      return { show: sql`i.name`, order: sql`lower(i.name)` };
    case 'latest_status_update':
      return dateColumn(context, sql`i.latest_status_update`);
    case 'created':
      return dateColumn(context, sql`i.created_at`);
    case 'product__name':
      return { show: sql`p.name`, order: sql`lower(p.name)` };
    case 'product__sku':
      return plain(sql`p.sku`);
    case 'product__product_code':
      return plain(sql`p.product_code`);
    case 'product__category__name':
      return { show: sql`c.name`, order: sql`lower(c.name)` };
    default:
      return undefined;
  }
}

function inventoryColumn(context: ReportContext, field: string): Column | undefined {
  const id = attributeId(field);
  if (id !== undefined) return attributeColumn(context, sql`p.attributes`, id);
  switch (field) {
    case 'location__name':
      return { show: sql`l.name`, order: sql`lower(l.name)` };
    case 'count':
      return plain(sql`k.count::int`);
    case 'product__sku':
      return plain(sql`p.sku`);
    case 'product__product_code':
      return plain(sql`p.product_code`);
    case 'location__uuid':
      return plain(sql`k.location_uuid::text`);
    case 'location__parent__name':
      return { show: sql`parent.name`, order: sql`lower(parent.name)` };
    case 'product__name':
      return { show: sql`p.name`, order: sql`lower(p.name)` };
    case 'product__category__name':
      return { show: sql`c.name`, order: sql`lower(c.name)` };
    default:
      return undefined;
  }
}

/** A compiled report: what a page, the count and the export select from. */
export interface CompiledReport {
  /** `select` list: each column under its headerKey. */
  select: SQL;
  from: SQL;
  where: SQL;
  orderBy: SQL;
  keys: string[];
  /** The columns that name one of its rows, with their types: an export reads the rows' keys first. */
  identity: readonly { column: SQL; type: 'bigint' | 'uuid' }[];
  /** What makes the identity name one row of the customer's (the rows by key are not filtered again). */
  scope: SQL;
}

function compile(
  fields: readonly { headerKey: string }[],
  ordering: readonly { field: string; value: string }[],
  defaultOrder: string,
  columnOf: (field: string) => Column | undefined,
  tieBreak: SQL,
): Pick<CompiledReport, 'select' | 'orderBy' | 'keys'> {
  const keys: string[] = [];
  const selected: SQL[] = [];
  for (const { headerKey } of fields) {
    const column = columnOf(headerKey);
    if (!column) continue;
    keys.push(headerKey);
    selected.push(sql`${column.show} as ${sql.identifier(headerKey)}`);
  }
  const order = (ordering.length > 0 ? ordering : [{ field: defaultOrder, value: 'ascending' }]).flatMap((o) => {
    const column = columnOf(o.field);
    if (!column) return [];
    return [o.value === 'descending' ? sql`${column.order} desc nulls last` : sql`${column.order} asc nulls last`];
  });
  return { select: sql.join(selected, sql`, `), orderBy: sql.join([...order, tieBreak], sql`, `), keys };
}

/** An item report: the customer's items (never removed ones) that pass its filters. */
export function compileItemReport(
  tenant: TenantScope,
  json: ItemReportJson,
  category: number | null,
  context: ReportContext,
): CompiledReport {
  const filters = json.filters;
  const conditions: (SQL | undefined)[] = [sql`i.customer_id = ${tenant.customerId}`, sql`not i.removed`];
  if (filters.location && filters.location.length > 0) {
    conditions.push(sql`i.location_uuid in ${locationSubtree(tenant, filters.location)}`);
  }
  const statuses = filters.status && filters.status.length > 0 ? filters.status : ['in'];
  conditions.push(
    sql`i.status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  );
  if (filters.product && filters.product.length > 0) conditions.push(sql`i.product_id in (${idList(filters.product)})`);
  conditions.push(categoryCondition(tenant, sql`p`, category));
  conditions.push(dateCondition(context, sql`i.latest_status_update`, filters.latest_status_update));
  conditions.push(dateCondition(context, sql`i.created_at`, filters.created));
  for (const filter of json.attribute_filters) conditions.push(attributeCondition(context, sql`i.attributes`, filter));
  const compiled = compile(json.fields, json.ordering, 'code', (field) => itemColumn(context, field), sql`i.id`);
  return {
    ...compiled,
    identity: [{ column: sql`i.id`, type: 'bigint' }],
    scope: sql`i.customer_id = ${tenant.customerId} and not i.removed`,
    from: sql`items i
      join products p on p.customer_id = i.customer_id and p.id = i.product_id
      left join categories c on c.customer_id = p.customer_id and c.id = p.category_id
      left join locations l on l.customer_id = i.customer_id and l.uuid = i.location_uuid`,
    where: sql.join(
      conditions.filter((c): c is SQL => c !== undefined),
      sql` and `,
    ),
  };
}

/**
 * An inventory report ("Inventory Levels"): how many items are in each location per product,
 * from the counts the triggers keep (location_product_counts), filtered by location subtree,
 * product, category and product attributes.
 */
export function compileInventoryReport(
  tenant: TenantScope,
  json: InventoryReportJson,
  category: number | null,
  context: ReportContext,
): CompiledReport {
  const filters = json.filters;
  const conditions: (SQL | undefined)[] = [
    sql`k.customer_id = ${tenant.customerId}`,
    sql`k.status = 'in'`,
    sql`k.count > 0`,
    // Deleted items wait in the Removed location: they are not stock.
    sql`l.special is distinct from 'removed'`,
  ];
  if (filters.location && filters.location.length > 0) {
    conditions.push(sql`k.location_uuid in ${locationSubtree(tenant, filters.location)}`);
  }
  if (filters.product && filters.product.length > 0) conditions.push(sql`k.product_id in (${idList(filters.product)})`);
  conditions.push(categoryCondition(tenant, sql`p`, category));
  for (const filter of json.attribute_filters) conditions.push(attributeCondition(context, sql`p.attributes`, filter));
  const compiled = compile(
    json.fields,
    json.ordering,
    'product__sku',
    (field) => inventoryColumn(context, field),
    sql`k.location_uuid, k.product_id`,
  );
  return {
    ...compiled,
    identity: [
      { column: sql`k.location_uuid`, type: 'uuid' },
      { column: sql`k.product_id`, type: 'bigint' },
    ],
    scope: sql`k.customer_id = ${tenant.customerId} and k.status = 'in'`,
    from: sql`location_product_counts k
      join products p on p.customer_id = k.customer_id and p.id = k.product_id
      left join categories c on c.customer_id = p.customer_id and c.id = p.category_id
      join locations l on l.customer_id = k.customer_id and l.uuid = k.location_uuid
      left join locations parent on parent.customer_id = l.customer_id and parent.uuid = l.parent_uuid`,
    where: sql.join(
      conditions.filter((c): c is SQL => c !== undefined),
      sql` and `,
    ),
  };
}
