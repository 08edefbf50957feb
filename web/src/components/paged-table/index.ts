export { PagedTable, type PagedColumn, type PagedTableProps } from './paged-table';
export { PagedRow, type RowCell } from './paged-row';
export { ListToolbar } from './list-toolbar';
export {
  useListState,
  toggleOrdering,
  type ListState,
  type ListStateOptions,
  type ListQueryParams,
} from './use-list-state';
export { urlFilter, type UrlCodec, type FilterCodecs } from './list-params';
