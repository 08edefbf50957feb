import { useQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '@tagtrack/contract';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { readerListQueryOptions } from '../../api/list-readers';

/**
 * Whether another device already has this serial (02 §5 Handheld reader form), asked through the
 * list search of both families; the server refuses the duplicate too.
 */
export function useSerialTaken(serial: string, ownUuid?: string): boolean {
  const term = useDebouncedValue(serial.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    ...readerListQueryOptions({ page: 1, page_size: 100, ordering: 'serial', search: term }),
    enabled: term !== '',
  });
  if (term === '' || term.toLowerCase() !== serial.trim().toLowerCase()) return false;
  return (found.data?.results ?? []).some((r) => r.serial.toLowerCase() === term.toLowerCase() && r.uuid !== ownUuid);
}
